/** Audit metadata shown readably: one line per key, {from, to} as "from → to". */
function show(v: unknown): string {
  if (v === null || v === undefined) return '—';
  if (typeof v === 'boolean') return v ? 'ναι' : 'όχι';
  if (typeof v === 'object' && !Array.isArray(v) && v && 'from' in v && 'to' in v) {
    const o = v as { from: unknown; to: unknown };
    return `${show(o.from)} → ${show(o.to)}`;
  }
  if (Array.isArray(v)) {
    return v
      .map((x) => (x && typeof x === 'object' && 'email' in x ? String((x as { email: unknown }).email) : show(x)))
      .join(', ') || '—';
  }
  if (typeof v === 'object') return JSON.stringify(v);
  return typeof v === 'string' ? v : JSON.stringify(v);
}

export function MetadataView({ metadata }: { metadata: Record<string, unknown> }) {
  const entries = Object.entries(metadata);
  if (!entries.length) return <span className="text-muted-foreground">—</span>;
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-2 gap-y-0.5 text-xs">
      {entries.map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="font-medium text-muted-foreground">{k}</dt>
          <dd className="break-all">{show(v)}</dd>
        </div>
      ))}
    </dl>
  );
}
