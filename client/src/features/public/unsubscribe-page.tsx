import { useCallback, useEffect, useRef, useState } from 'react';
import { getRouteApi, Link } from '@tanstack/react-router';
import { CheckCircle2, MailX } from 'lucide-react';
import { unsubscribeState, type UnsubscribeScope, type UnsubscribeState } from '@shared/schemas/distribution';
import { PublicPage } from '@client/components/public-page';
import { Button } from '@client/components/ui/button';
import { Spinner } from '@client/components/ui/spinner';
import { api, ApiError } from '@client/api/http';

const route = getRouteApi('/_public/unsubscribe/$token');

type View = { kind: 'working' } | { kind: 'done'; state: UnsubscribeState } | { kind: 'invalid' } | { kind: 'failed' };

const post = (token: string, scope: UnsubscribeScope, undo = false) =>
  api('POST', `/unsubscribe/${encodeURIComponent(token)}${undo ? '/undo' : ''}`, { body: { scope }, schema: unsubscribeState });

/**
 * The unsubscribe link of a release e-mail: one click, no sign-in. Opening the page
 * unsubscribes (from this sender, or from everything), and offers undo.
 */
export function UnsubscribePage() {
  const { token } = route.useParams();
  const { scope: requested } = route.useSearch();
  const scope: UnsubscribeScope = requested === 'all' ? 'all' : 'sender';
  const [view, setView] = useState<View>({ kind: 'working' });
  const started = useRef(false);

  const run = useCallback(
    async (s: UnsubscribeScope, undo = false) => {
      setView({ kind: 'working' });
      try {
        setView({ kind: 'done', state: await post(token, s, undo) });
      } catch (err) {
        setView(err instanceof ApiError && (err.status === 404 || err.status === 400) ? { kind: 'invalid' } : { kind: 'failed' });
      }
    },
    [token],
  );

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void run(scope);
  }, [run, scope]);

  return (
    <PublicPage lead="Διαχείριση των δελτίων τύπου που λαμβάνετε με e-mail.">
      <div className="max-w-xl rounded-lg border p-6" aria-live="polite">
        {view.kind === 'working' && (
          <p className="flex items-center gap-2 text-muted-foreground">
            <Spinner /> Γίνεται η διαγραφή…
          </p>
        )}
        {view.kind === 'invalid' && (
          <p className="flex items-start gap-2">
            <MailX className="mt-0.5 h-5 w-5 shrink-0 text-destructive" aria-hidden />
            Ο σύνδεσμος διαγραφής δεν είναι έγκυρος. Ελέγξτε ότι τον αντιγράψατε ολόκληρο από το e-mail.
          </p>
        )}
        {view.kind === 'failed' && (
          <div className="space-y-4">
            <p>Δεν ήταν δυνατή η διαγραφή. Δοκιμάστε ξανά.</p>
            <Button onClick={() => void run(scope)}>Δοκιμάστε ξανά</Button>
          </div>
        )}
        {view.kind === 'done' && <Done state={view.state} onRun={(s, undo) => void run(s, undo)} />}
      </div>
      <p className="mt-6 text-sm text-muted-foreground">
        Έχετε λογαριασμό media; Διαλέξτε κατηγορίες και αποστολείς στις{' '}
        <Link to="/media/settings" className="underline">
          ρυθμίσεις σας
        </Link>
        .
      </p>
    </PublicPage>
  );
}

function Done({ state, onRun }: { state: UnsubscribeState; onRun: (scope: UnsubscribeScope, undo?: boolean) => void }) {
  const subscribed = !state.all && !state.sender;
  return (
    <div className="space-y-4">
      <h2 className="flex items-start gap-2 text-lg font-semibold">
        <CheckCircle2 className="mt-1 h-5 w-5 shrink-0 text-green-700" aria-hidden />
        {state.all
          ? 'Διαγραφήκατε από όλα τα δελτία τύπου'
          : state.sender
            ? `Δεν θα λαμβάνετε πλέον δελτία τύπου από ${state.senderCompany}`
            : 'Η εγγραφή σας είναι ενεργή'}
      </h2>
      <p className="text-sm text-muted-foreground">Διεύθυνση: {state.email}</p>
      {state.sender && !state.all && <p>Ο αποκλεισμός ισχύει για τον οργανισμό, όποιο μέλος του κι αν στείλει.</p>}
      {subscribed && <p>Θα συνεχίσετε να λαμβάνετε δελτία τύπου από {state.senderCompany}.</p>}
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        {state.sender && (
          <Button variant="outline" onClick={() => onRun('sender', true)}>
            Αναίρεση: θέλω ξανά δελτία από {state.senderCompany}
          </Button>
        )}
        {state.all && (
          <Button variant="outline" onClick={() => onRun('all', true)}>
            Αναίρεση: θέλω ξανά δελτία τύπου
          </Button>
        )}
        {!state.all && (
          <Button variant={state.sender ? 'destructive' : 'default'} onClick={() => onRun('all')}>
            Διαγραφή από όλα τα δελτία
          </Button>
        )}
        {subscribed && <Button onClick={() => onRun('sender')}>Διαγραφή από {state.senderCompany}</Button>}
      </div>
    </div>
  );
}
