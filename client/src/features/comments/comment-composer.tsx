import { useId, useMemo, useRef, useState } from 'react';
import { COMMENT_LIMITS } from '@shared/schemas/review';
import { Button } from '@client/components/ui/button';
import { Textarea } from '@client/components/ui/textarea';
import { cn } from '@client/lib/utils';

export interface Mentionable {
  id: string;
  name: string;
}

/** The @word being typed just before the caret, if any: its start and the letters typed so far. */
export function mentionQuery(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const m = /(^|\s)@([\p{L}\p{M}.'-]{0,30})$/u.exec(before);
  if (!m) return null;
  return { start: caret - m[2]!.length - 1, query: m[2]! };
}

/** The members still named in the text as @Name (a mention deleted from the text is not sent). */
export function mentionsIn(text: string, picked: Mentionable[]): string[] {
  return [...new Set(picked.filter((p) => text.includes(`@${p.name}`)).map((p) => p.id))];
}

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('el');

/**
 * A comment's text box: Ctrl+Enter sends, Escape cancels, and typing @ offers the organisation's
 * members (arrows and Enter choose one). Mentioned members are told in the app and by e-mail.
 */
export function CommentComposer({
  label,
  initial = '',
  submitLabel,
  members,
  busy,
  error,
  autoFocus,
  onSubmit,
  onCancel,
}: {
  label: string;
  initial?: string;
  submitLabel: string;
  members: Mentionable[];
  busy?: boolean;
  error?: string | null;
  autoFocus?: boolean;
  onSubmit: (body: string, mentions: string[]) => void;
  onCancel?: () => void;
}) {
  const [text, setText] = useState(initial);
  const [caret, setCaret] = useState(initial.length);
  const [picked, setPicked] = useState<Mentionable[]>(() => members.filter((m) => initial.includes(`@${m.name}`)));
  const [highlight, setHighlight] = useState(0);
  const [dismissed, setDismissed] = useState<number | null>(null);
  const ref = useRef<HTMLTextAreaElement>(null);
  const listId = useId();
  const errorId = useId();

  const query = mentionQuery(text, caret);
  const options = useMemo(() => {
    if (!query || dismissed === query.start) return [];
    const q = fold(query.query);
    return members.filter((m) => fold(m.name).split(/\s+/).some((w) => w.startsWith(q)) || fold(m.name).startsWith(q)).slice(0, 6);
  }, [members, query, dismissed]);
  const open = options.length > 0;

  function choose(m: Mentionable) {
    if (!query) return;
    const next = `${text.slice(0, query.start)}@${m.name} ${text.slice(caret)}`;
    const at = query.start + m.name.length + 2;
    setText(next);
    setPicked((p) => (p.some((x) => x.id === m.id) ? p : [...p, m]));
    setCaret(at);
    requestAnimationFrame(() => {
      ref.current?.focus();
      ref.current?.setSelectionRange(at, at);
    });
  }

  function submit() {
    const body = text.trim();
    if (!body || busy) return;
    onSubmit(body, mentionsIn(body, picked));
  }

  return (
    <form
      className="space-y-2"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <div className="relative">
        <Textarea
          ref={ref}
          aria-label={label}
          value={text}
          autoFocus={autoFocus}
          maxLength={COMMENT_LIMITS.body}
          rows={3}
          placeholder="Γράψτε σχόλιο· @ για να αναφέρετε μέλος"
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={open ? `${listId}-${highlight}` : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => {
            setText(e.target.value);
            setCaret(e.target.selectionStart);
            setHighlight(0);
          }}
          onSelect={(e) => setCaret(e.currentTarget.selectionStart)}
          onKeyDown={(e) => {
            if (open && (e.key === 'ArrowDown' || e.key === 'ArrowUp')) {
              e.preventDefault();
              setHighlight((h) => (h + (e.key === 'ArrowDown' ? 1 : options.length - 1)) % options.length);
            } else if (open && (e.key === 'Enter' || e.key === 'Tab') && !e.ctrlKey && !e.metaKey) {
              e.preventDefault();
              choose(options[highlight] ?? options[0]!);
            } else if (e.key === 'Escape') {
              e.preventDefault();
              e.stopPropagation();
              if (open && query) setDismissed(query.start);
              else onCancel?.();
            } else if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
              e.preventDefault();
              submit();
            }
          }}
        />
        {open ? (
          <ul id={listId} role="listbox" aria-label="Μέλη του οργανισμού" className="absolute left-0 right-0 top-full z-20 mt-1 overflow-hidden rounded-md border bg-popover text-sm shadow-md">
            {options.map((m, i) => (
              <li
                key={m.id}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={i === highlight}
                className={cn('cursor-pointer px-3 py-1.5', i === highlight && 'bg-accent text-accent-foreground')}
                onMouseDown={(e) => {
                  e.preventDefault();
                  choose(m);
                }}
              >
                {m.name}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center justify-end gap-2">
        {onCancel ? (
          <Button type="button" variant="ghost" size="sm" onClick={onCancel}>
            Άκυρο
          </Button>
        ) : null}
        <Button type="submit" size="sm" disabled={busy || !text.trim()}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
