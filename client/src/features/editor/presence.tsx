import { useEffect, useState } from 'react';
import type { Awareness } from 'y-protocols/awareness';

interface Present {
  clientId: number;
  name: string;
  color: string;
}

const PALETTE = ['#2563eb', '#db2777', '#16a34a', '#ea580c', '#7c3aed', '#0891b2', '#ca8a04', '#dc2626'];

/** A stable colour per user. */
export function colorFor(id: string): string {
  let h = 0;
  for (const ch of id) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return PALETTE[h % PALETTE.length]!;
}

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('') || '?';

/** Who is in this document now: one avatar per person, in their caret colour. */
export function PresenceBar({ awareness }: { awareness: Awareness }) {
  const [people, setPeople] = useState<Present[]>([]);
  useEffect(() => {
    const read = () => {
      const seen = new Map<string, Present>();
      awareness.getStates().forEach((state, clientId) => {
        const user = (state as { user?: { name?: string; color?: string; id?: string } }).user;
        if (!user?.name) return;
        const key = user.id ?? String(clientId);
        if (!seen.has(key)) seen.set(key, { clientId, name: user.name, color: user.color ?? '#64748b' });
      });
      setPeople([...seen.values()]);
    };
    read();
    awareness.on('change', read);
    return () => awareness.off('change', read);
  }, [awareness]);

  return (
    <div className="flex items-center gap-2" aria-label="Συντάκτες τώρα στο έγγραφο" data-testid="presence">
      <div className="flex -space-x-2">
        {people.map((p) => (
          <span
            key={p.clientId}
            title={p.name}
            data-testid="presence-avatar"
            className="flex h-8 w-8 items-center justify-center rounded-full border-2 border-background text-xs font-semibold text-white"
            style={{ backgroundColor: p.color }}
          >
            {initials(p.name)}
            <span className="sr-only">{p.name}</span>
          </span>
        ))}
      </div>
      <span className="text-xs text-muted-foreground">
        {people.length === 1 ? 'Μόνο εσείς' : `${people.length} συντάκτες`}
      </span>
    </div>
  );
}
