import { appConfig } from '@client/app-config';

/** Development only (the server leaves it out in production): the demo accounts. */
export function DevPanel({ onPick }: { onPick: (email: string, password: string) => void }) {
  const panel = appConfig.devPanel;
  if (!panel) return null;
  return (
    <section
      aria-labelledby="dev-panel-title"
      className="rounded-md border border-dashed border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
    >
      <h2 id="dev-panel-title" className="mb-2 font-semibold">
        Λογαριασμοί δοκιμής (μόνο σε ανάπτυξη)
      </h2>
      <ul className="space-y-1.5">
        {panel.accounts.map((a) => (
          <li key={a.email} className="flex flex-wrap items-center justify-between gap-2">
            <span>
              <span className="font-medium">{a.label}</span>: <code>{a.email}</code> / <code>{a.password}</code>
            </span>
            {a.role === 'superadmin' ? (
              // A full page load, so the server serves the hidden page.
              <a className="text-primary underline" href={panel.superadminLoginPath}>
                Σελίδα διαχειριστή
              </a>
            ) : (
              <button type="button" className="text-primary underline" onClick={() => onPick(a.email, a.password)}>
                Συμπλήρωση
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
