/**
 * The writing coach (loaded after the editor): spelling underlines in the text, the findings
 * of the press-release checks grouped by kind with one-click fixes, title proposals, a
 * summary and the automatic fixes, and the organisation's own dictionary. Every change it makes
 * is an ordinary edit of the shared document, so co-editors see it live.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Editor } from '@tiptap/core';
import type { EditorView } from '@tiptap/pm/view';
import { AlertCircle, AlertTriangle, BookOpen, Check, ChevronDown, Info, Sparkles, Wand2, X } from 'lucide-react';
import type * as Y from 'yjs';
import {
  FINDING_GROUP_LABELS,
  FINDING_GROUPS,
  TITLE_BLOCK,
  type Finding,
  type SpellingIssue,
  type SuggestionsResponse,
  type TextEdit,
} from '@shared/schemas/assistant';
import { queryKeys } from '@client/api/query-keys';
import { Button } from '@client/components/ui/button';
import { Spinner } from '@client/components/ui/spinner';
import { toast } from '@client/components/ui/use-toast';
import { refreshQueries } from '@client/lib/refresh';
import { applyTextChange } from '../y-text-input';
import { applyEdits } from './doc-blocks';
import { assistantCalls, useWorkspaceDictionary } from './queries';
import { hideWord, spellingKey, spellingPlugin, type Misspelling } from './spelling-plugin';
import { KIND_TEXT, SpellingPopover } from './spelling-popover';
import { locateInTitle, TitleSpelling } from './title-spelling';
import { useReview, type Review } from './use-review';
import './coach.css';

export const EMPTY_CONTENT_MESSAGE = 'Παρακαλώ εισάγετε κείμενο για να λάβετε προτάσεις AI';
const STALE_MESSAGE = 'Το κείμενο άλλαξε στο μεταξύ. Ο έλεγχος ενημερώνεται, δοκιμάστε ξανά σε λίγο.';

const SEVERITY = {
  error: { icon: AlertCircle, label: 'Σφάλμα', className: 'text-destructive' },
  warning: { icon: AlertTriangle, label: 'Προσοχή', className: 'text-amber-600' },
  info: { icon: Info, label: 'Συμβουλή', className: 'text-blue-600' },
} as const;

const paragraphs = (text: string) =>
  text
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => ({ type: 'paragraph', content: [{ type: 'text', text: p }] }));

/** The accent-only corrections ('καινοτομια' → 'καινοτομία'): safe to apply with the other automatic fixes. */
const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
const accentFix = (s: SpellingIssue) => s.kind === 'misspelt' && s.suggestions[0] && fold(s.suggestions[0]) === fold(s.word) && !s.suggestions.slice(1).some((x) => fold(x) === fold(s.word));

/** Replace edits that do not overlap (the later ones first win nothing: the earlier in the text is kept). */
function nonOverlapping(edits: TextEdit[]): TextEdit[] {
  const out: TextEdit[] = [];
  for (const e of edits) {
    if (e.type === 'replace' && out.some((o) => o.type === 'replace' && o.block === e.block && e.from < o.to && o.from < e.to)) continue;
    out.push(e);
  }
  return out;
}

function automaticEdits(review: Review): TextEdit[] {
  const fixes = review.response.findings.filter((f) => f.fix?.safe).flatMap((f) => f.fix!.edits);
  const accents = review.response.spelling
    .filter(accentFix)
    .map((s): TextEdit => ({ type: 'replace', block: s.block, from: s.from, to: s.to, original: s.word, text: s.suggestions[0]! }));
  return nonOverlapping([...fixes, ...accents]);
}

function FindingRow({ f, disabled, onFix, onShow }: { f: Finding; disabled: boolean; onFix: () => void; onShow: () => void }) {
  const sev = SEVERITY[f.severity];
  const Icon = sev.icon;
  return (
    <li className="flex items-start gap-2 rounded-md border p-2" data-testid="finding" data-check={f.check}>
      <Icon className={`mt-0.5 h-4 w-4 shrink-0 ${sev.className}`} aria-label={sev.label} />
      <div className="min-w-0 flex-1">
        <p className="leading-snug">{f.message}</p>
        {f.excerpt && f.at ? (
          <button
            type="button"
            className="mt-1 block max-w-full truncate text-left text-xs text-muted-foreground underline decoration-dotted underline-offset-2 hover:text-foreground"
            onClick={onShow}
            title="Εμφάνιση στο κείμενο"
          >
            {f.at.block === TITLE_BLOCK ? 'Τίτλος: ' : ''}«{f.excerpt}»
          </button>
        ) : null}
        {f.fix ? (
          <div className="mt-1.5 flex flex-wrap items-center gap-x-2 gap-y-1">
            <Button size="sm" variant="outline" className="h-7 px-2 text-xs" disabled={disabled} onClick={onFix}>
              <Wand2 className="h-3.5 w-3.5" aria-hidden /> Διόρθωση
              <span className="sr-only">: {f.fix.label}</span>
            </Button>
            <span className="min-w-0 text-xs text-muted-foreground" aria-hidden>
              {f.fix.label}
            </span>
          </div>
        ) : null}
      </div>
    </li>
  );
}

export default function Coach({
  editor,
  title,
  releaseId,
  disabled,
  onCount,
}: {
  editor: Editor | null;
  title: Y.Text;
  releaseId: string;
  disabled: boolean;
  /** How many remarks are open (misspelt words, findings that are not tips): shown on the coach's tab. */
  onCount?: (n: number) => void;
}) {
  const qc = useQueryClient();
  const [popover, setPopover] = useState<{ m: Misspelling; left: number; top: number; inTitle?: boolean } | null>(null);
  const [ignored, setIgnored] = useState<Set<string>>(() => new Set());
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<SuggestionsResponse | null>(null);

  // The underlines: a plugin of this editor view only.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const plugin = spellingPlugin((m: Misspelling, view: EditorView) => {
      const c = view.coordsAtPos(m.from);
      setPopover({ m, left: c.left, top: c.bottom });
    });
    editor.registerPlugin(plugin);
    return () => {
      if (!editor.isDestroyed) editor.unregisterPlugin(spellingKey);
    };
  }, [editor]);

  // A new check whenever the organisation's dictionary changes (a word learnt here or by a co-editor).
  const [workspaceId, setWorkspaceId] = useState<string | null>(null);
  const dictionary = useWorkspaceDictionary(workspaceId);
  const [dictVersion, setDictVersion] = useState(0);
  const firstStamp = useRef<number | null>(null);
  useEffect(() => {
    if (!dictionary.dataUpdatedAt) return;
    if (firstStamp.current === null) firstStamp.current = dictionary.dataUpdatedAt;
    else setDictVersion((v) => v + 1);
  }, [dictionary.dataUpdatedAt]);

  const { review, checking, tooLong } = useReview(editor, title, releaseId, !disabled, dictVersion);
  useEffect(() => {
    if (review?.response.workspaceId) setWorkspaceId(review.response.workspaceId);
  }, [review?.response.workspaceId]);
  // A reviewer reads the dictionary but does not teach it words ('words.write').
  const canTeach = Boolean(workspaceId) && (dictionary.data?.canEdit ?? review?.response.canEditWords ?? false);

  // Words ignored in this session stay without an underline.
  useEffect(() => {
    if (editor && !editor.isDestroyed) for (const w of ignored) hideWord(editor.view, w);
  }, [editor, ignored, review]);

  const closePopover = useCallback(() => setPopover(null), []);

  function apply(edits: TextEdit[]): boolean {
    if (!editor || !review) return false;
    const ok = applyEdits(editor, title, review.sent, edits);
    if (!ok) toast({ title: 'Προσοχή', description: STALE_MESSAGE, variant: 'destructive' });
    return ok;
  }

  function replaceWord(m: Misspelling, suggestion: string, inTitle = false) {
    setPopover(null);
    if (inTitle) {
      // The title is a Y.Text: the word where it is now (a co-editor may have typed before it).
      const text = title.toJSON();
      const at = locateInTitle(text, m);
      if (!at) return void toast({ title: 'Προσοχή', description: STALE_MESSAGE, variant: 'destructive' });
      applyTextChange(title, text.slice(0, at.from) + suggestion + text.slice(at.to));
      return;
    }
    if (!editor) return;
    const { state } = editor;
    if (state.doc.textBetween(m.from, m.to) !== m.word) {
      toast({ title: 'Προσοχή', description: STALE_MESSAGE, variant: 'destructive' });
      return;
    }
    editor.view.dispatch(state.tr.insertText(suggestion, m.from, m.to));
    editor.commands.focus();
  }

  async function learn(word: string) {
    setPopover(null);
    if (!workspaceId) return;
    try {
      await assistantCalls.addWord(workspaceId, word);
      if (editor && !editor.isDestroyed) hideWord(editor.view, word);
      void refreshQueries(qc, queryKeys.workspaceDictionary(workspaceId));
      toast({ title: 'Επιτυχία', description: `Η λέξη «${word}» προστέθηκε στο λεξικό του οργανισμού`, variant: 'success' });
    } catch {
      toast({ title: 'Σφάλμα', description: 'Δεν ήταν δυνατή η προσθήκη της λέξης στο λεξικό', variant: 'destructive' });
    }
  }

  async function forget(id: string, word: string) {
    if (!workspaceId) return;
    try {
      await assistantCalls.removeWord(workspaceId, id);
      void refreshQueries(qc, queryKeys.workspaceDictionary(workspaceId));
      toast({ title: 'Επιτυχία', description: `Η λέξη «${word}» αφαιρέθηκε από το λεξικό`, variant: 'success' });
    } catch {
      toast({ title: 'Σφάλμα', description: 'Δεν ήταν δυνατή η αφαίρεση της λέξης', variant: 'destructive' });
    }
  }

  function show(f: Finding) {
    if (!editor || !review || !f.at) return;
    if (f.at.block === TITLE_BLOCK) {
      document.getElementById('release-title')?.focus();
      return;
    }
    const sent = review.sent[f.at.block];
    if (!sent) return;
    editor.chain().focus().setTextSelection({ from: sent.start + f.at.from, to: sent.start + f.at.to }).scrollIntoView().run();
  }

  async function ask() {
    const text = editor?.getText({ blockSeparator: '\n\n' }).trim() ?? '';
    if (!text) {
      toast({ title: 'Σφάλμα', description: EMPTY_CONTENT_MESSAGE, variant: 'destructive' });
      return;
    }
    setBusy(true);
    try {
      setResult(await assistantCalls.suggestions(title.toJSON(), text));
    } catch {
      toast({ title: 'Σφάλμα', description: 'Δεν ήταν δυνατή η λήψη προτάσεων', variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  const spelling = useMemo(() => (review?.response.spelling ?? []).filter((s) => !ignored.has(s.word)), [review, ignored]);
  const findings = review?.response.findings ?? [];
  const automatic = review ? automaticEdits(review) : [];
  const groups = FINDING_GROUPS.map((g) => ({ g, items: findings.filter((f) => f.group === g) })).filter((x) => x.items.length);
  const remarks = spelling.length + findings.filter((f) => f.severity !== 'info').length;
  useEffect(() => onCount?.(review ? remarks : 0), [onCount, review, remarks]);

  return (
    <div className="space-y-4 text-sm">
      <section className="space-y-3" aria-label="Έλεγχος κειμένου">
        <div className="flex items-center justify-between gap-2">
          <h3 className="font-medium">Έλεγχος κειμένου</h3>
          <span className="flex items-center gap-1 text-xs text-muted-foreground" aria-live="polite">
            {checking ? <Spinner size="sm" /> : null}
            {review ? `${review.response.stats.words.toLocaleString('el-GR')} λέξεις` : disabled ? '' : 'Γράψτε για να ξεκινήσει ο έλεγχος'}
          </span>
        </div>
        {tooLong ? <p className="rounded-md bg-amber-50 p-2 text-amber-900">Το κείμενο ξεπερνά τους 100.000 χαρακτήρες: ο έλεγχος σταματά μέχρι να συντομευτεί.</p> : null}
        {review && spelling.length === 0 && findings.length === 0 ? (
          <p className="flex items-center gap-2 rounded-md bg-green-50 p-2 text-green-800" data-testid="coach-clear">
            <Check className="h-4 w-4" aria-hidden /> Δεν βρέθηκαν παρατηρήσεις.
          </p>
        ) : null}
        {automatic.length > 0 ? (
          <Button size="sm" variant="outline" className="w-full" disabled={disabled} onClick={() => apply(automatic)}>
            <Wand2 className="h-4 w-4" aria-hidden /> Διόρθωση όλων των αυτόματων ({automatic.length})
          </Button>
        ) : null}
        {spelling.length > 0 ? (
          <div className="space-y-2" data-testid="coach-spelling">
            <h4 className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">
              {FINDING_GROUP_LABELS.spelling} ({spelling.length})
            </h4>
            <ul className="space-y-2">
              {spelling.map((s) => (
                <li key={`${s.block}:${s.from}`} className="rounded-md border p-2">
                  <p className="flex flex-wrap items-baseline gap-x-2">
                    <span className={s.kind === 'name' ? 'font-medium underline decoration-blue-600 decoration-dotted decoration-2 underline-offset-4' : 'font-medium underline decoration-red-600 decoration-wavy underline-offset-4'}>
                      {s.word}
                    </span>
                    <span className="text-xs text-muted-foreground">{s.block === TITLE_BLOCK ? 'στον τίτλο · ' : ''}{KIND_TEXT[s.kind]}</span>
                  </p>
                  <div className="mt-1 flex flex-wrap gap-1">
                    {s.suggestions.slice(0, 3).map((x) => (
                      <Button
                        key={x}
                        size="sm"
                        variant="secondary"
                        className="h-7 px-2 text-xs"
                        disabled={disabled}
                        aria-label={`Αντικατάσταση του «${s.word}» με «${x}»`}
                        onClick={() => apply([{ type: 'replace', block: s.block, from: s.from, to: s.to, original: s.word, text: x }])}
                      >
                        {x}
                      </Button>
                    ))}
                    {canTeach ? (
                      <Button size="sm" variant="ghost" className="h-7 px-2 text-xs" disabled={disabled} onClick={() => void learn(s.word)}>
                        Προσθήκη στο λεξικό
                      </Button>
                    ) : null}
                  </div>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {groups.map(({ g, items }) => (
          <details key={g} className="group space-y-2" data-testid={`coach-group-${g}`} open={items.some((f) => f.severity !== 'info')}>
            <summary className="flex cursor-pointer list-none items-center justify-between gap-2 text-xs font-semibold uppercase tracking-wide text-muted-foreground">
              <span>
                {FINDING_GROUP_LABELS[g]} ({items.length})
              </span>
              <ChevronDown className="h-4 w-4 transition-transform group-open:rotate-180" aria-hidden />
            </summary>
            <ul className="mt-2 space-y-2">
              {items.map((f) => (
                <FindingRow key={f.id} f={f} disabled={disabled} onFix={() => f.fix && apply(f.fix.edits)} onShow={() => show(f)} />
              ))}
            </ul>
          </details>
        ))}
      </section>

      <section className="space-y-3 border-t pt-4" aria-label="Προτάσεις">
        <Button variant="outline" className="w-full" onClick={() => void ask()} disabled={busy || disabled}>
          {busy ? <Spinner size="sm" /> : <Sparkles className="h-4 w-4" aria-hidden />} Προτάσεις για το κείμενο
        </Button>
        {result ? (
          <div className="space-y-4">
            <div className="space-y-2">
              <h3 className="font-medium">Προτεινόμενοι τίτλοι</h3>
              <ul className="space-y-2">
                {result.titles.map((t) => (
                  <li key={t} className="flex items-start justify-between gap-2 rounded-md border p-2">
                    <span data-testid="suggested-title">{t}</span>
                    <Button size="sm" variant="ghost" disabled={disabled} onClick={() => applyTextChange(title, t)}>
                      Χρήση
                    </Button>
                  </li>
                ))}
              </ul>
              {result.keyphrases.length ? (
                <p className="text-xs text-muted-foreground">Λέξεις-κλειδιά: {result.keyphrases.slice(0, 5).join(' · ')}</p>
              ) : null}
            </div>
            <div className="space-y-2">
              <h3 className="font-medium">Περίληψη</h3>
              <p className="rounded-md bg-muted/50 p-2" data-testid="suggested-summary">
                {result.summary}
              </p>
              <Button size="sm" variant="ghost" disabled={disabled || !editor} onClick={() => editor?.chain().focus().insertContentAt(0, paragraphs(result.summary)).run()}>
                Εισαγωγή στην αρχή
              </Button>
            </div>
            <div className="space-y-2" data-testid="improved">
              <h3 className="font-medium">Βελτιωμένο κείμενο</h3>
              {result.changes.length ? (
                <ul className="list-disc space-y-0.5 pl-5" aria-label="Τι άλλαξε">
                  {result.changes.map((c) => (
                    <li key={c.label}>
                      {c.label}
                      {c.count > 1 ? ` (${c.count})` : ''}
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="text-muted-foreground">Δεν χρειάστηκαν αυτόματες διορθώσεις: το κείμενο μένει ως έχει.</p>
              )}
              {result.source === 'builtin' ? (
                automatic.length > 0 ? (
                  <Button size="sm" variant="ghost" disabled={disabled || !review} onClick={() => apply(automatic)}>
                    Εφαρμογή των διορθώσεων στο κείμενο
                  </Button>
                ) : null
              ) : (
                <>
                  <p className="max-h-40 overflow-auto whitespace-pre-line rounded-md bg-muted/50 p-2">{result.improved}</p>
                  <Button
                    size="sm"
                    variant="ghost"
                    disabled={disabled || !editor}
                    onClick={() => {
                      if (window.confirm('Να αντικατασταθεί το κείμενο με τη βελτιωμένη εκδοχή;')) {
                        editor?.chain().focus().setContent({ type: 'doc', content: paragraphs(result.improved) }).run();
                      }
                    }}
                  >
                    Αντικατάσταση κειμένου
                  </Button>
                </>
              )}
            </div>
            <p className="text-xs text-muted-foreground">
              {result.source === 'builtin'
                ? 'Προτάσεις από τον ενσωματωμένο ελληνικό βοηθό: τίτλοι και περίληψη από τις κεντρικές φράσεις και προτάσεις του κειμένου.'
                : 'Προτάσεις από το μοντέλο AI.'}
            </p>
          </div>
        ) : null}
      </section>

      {workspaceId ? (
        <details className="border-t pt-3" data-testid="workspace-dictionary">
          <summary className="flex cursor-pointer items-center gap-2 text-sm font-medium">
            <BookOpen className="h-4 w-4" aria-hidden /> Λεξικό οργανισμού ({dictionary.data?.words.length ?? 0})
          </summary>
          <p className="mt-2 text-xs text-muted-foreground">Ονόματα και λέξεις που ο έλεγχος ορθογραφίας δέχεται για όλα τα μέλη του οργανισμού.</p>
          {dictionary.data?.words.length ? (
            <ul className="mt-2 flex flex-wrap gap-1">
              {dictionary.data.words.map((w) => (
                <li key={w.id} className="flex items-center gap-1 rounded-full border py-0.5 pl-2 pr-0.5 text-xs">
                  {w.word}
                  {canTeach ? (
                    <Button size="icon-sm" variant="ghost" className="h-5 w-5" aria-label={`Αφαίρεση της λέξης «${w.word}»`} disabled={disabled} onClick={() => void forget(w.id, w.word)}>
                      <X className="h-3 w-3" aria-hidden />
                    </Button>
                  ) : null}
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-2 text-xs">Δεν έχουν προστεθεί λέξεις.</p>
          )}
        </details>
      ) : null}

      {!disabled ? (
        <TitleSpelling
          title={title}
          issues={spelling.filter((s) => s.block === TITLE_BLOCK)}
          inputId="release-title"
          onOpen={(m, at) => setPopover({ m, ...at, inTitle: true })}
        />
      ) : null}

      {popover ? (
        <SpellingPopover
          target={popover}
          canLearn={canTeach && !disabled}
          onApply={(s) => replaceWord(popover.m, s, popover.inTitle)}
          onLearn={() => void learn(popover.m.word)}
          onIgnore={() => {
            setIgnored((prev) => new Set(prev).add(popover.m.word));
            setPopover(null);
          }}
          onClose={closePopover}
        />
      ) : null}
    </div>
  );
}
