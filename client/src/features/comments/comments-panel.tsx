import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { Check, MessageSquarePlus, RotateCcw } from 'lucide-react';
import { REVIEW_TEXT, type Comment, type CommentThread } from '@shared/schemas/review';
import { ApiError } from '@client/api/errors';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { formatDateTime } from '@client/lib/dates';
import { cn } from '@client/lib/utils';
import { CommentComposer, type Mentionable } from './comment-composer';
import { commentCalls, useCommentAction } from './queries';
import type { Anchor } from './anchors';
import { useBesideLines } from './beside-lines';

/** A new thread waiting for its first comment: the words chosen and where they are. */
export interface CommentDraft extends Anchor {
  field: 'title' | 'content';
  quote: string;
}

const ERRORS: Record<string, string> = {
  release_locked: REVIEW_TEXT.releaseLocked,
  anchor_invalid: REVIEW_TEXT.anchorInvalid,
  not_author: REVIEW_TEXT.notAuthor,
};

/** The Greek reason a comment call failed: the server's field message for bad input, else by its code. */
export function commentError(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.code in ERRORS) return ERRORS[err.code]!;
    const field = err.fields?.body ?? err.fields?.quote;
    if (err.code === 'validation_failed' && field) return field;
    if (err.status === 404) return 'Το σχόλιο δεν υπάρχει πια';
  }
  return 'Το σχόλιο δεν αποθηκεύτηκε. Δοκιμάστε ξανά.';
}

const FIELD_LABEL = { title: 'Τίτλος', content: 'Κείμενο' } as const;

function CommentItem({
  releaseId,
  comment,
  mine,
  mayComment,
  members,
}: {
  releaseId: string;
  comment: Comment;
  mine: boolean;
  mayComment: boolean;
  members: Mentionable[];
}) {
  const [editing, setEditing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const edit = useCommentAction(releaseId, commentCalls.edit);
  const remove = useCommentAction(releaseId, commentCalls.remove);
  const deleted = !comment.author && comment.body === REVIEW_TEXT.deletedComment;
  return (
    <li className="space-y-1" data-testid="comment" data-comment-id={comment.id}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-2 text-xs text-muted-foreground">
        <span className="font-medium text-foreground">{comment.author?.name ?? '—'}</span>
        <time dateTime={comment.createdAt}>
          {formatDateTime(comment.createdAt)}
          {comment.editedAt ? ' · επεξεργάστηκε' : ''}
        </time>
      </div>
      {editing ? (
        <CommentComposer
          label="Επεξεργασία σχολίου"
          initial={comment.body}
          submitLabel="Αποθήκευση"
          members={members}
          busy={edit.isPending}
          error={edit.error ? commentError(edit.error) : null}
          autoFocus
          onCancel={() => setEditing(false)}
          onSubmit={(body, mentions) => edit.mutate([comment.id, { body, mentions }], { onSuccess: () => setEditing(false) })}
        />
      ) : (
        <p className={cn('whitespace-pre-wrap break-words text-sm', deleted && 'italic text-muted-foreground')}>{comment.body}</p>
      )}
      {mine && mayComment && !editing && !deleted ? (
        <div className="flex flex-wrap gap-1">
          <Button variant="ghost" size="sm" className="h-7 px-2 text-xs" onClick={() => setEditing(true)}>
            Επεξεργασία
          </Button>
          {confirmDelete ? (
            <>
              <Button variant="destructive" size="sm" className="h-7 px-2 text-xs" disabled={remove.isPending} onClick={() => remove.mutate([comment.id])}>
                Οριστική διαγραφή
              </Button>
              <Button variant="ghost" size="sm" className="h-7 px-2 text-xs" onClick={() => setConfirmDelete(false)}>
                Άκυρο
              </Button>
            </>
          ) : (
            <Button variant="ghost" size="sm" className="h-7 px-2 text-xs" onClick={() => setConfirmDelete(true)}>
              Διαγραφή
            </Button>
          )}
        </div>
      ) : null}
      {remove.error ? <p className="text-xs text-destructive">{commentError(remove.error)}</p> : null}
    </li>
  );
}

function ThreadCard({
  releaseId,
  thread,
  me,
  mayComment,
  members,
  active,
  onActivate,
  style,
}: {
  style?: CSSProperties;
  releaseId: string;
  thread: CommentThread;
  me: string | null;
  mayComment: boolean;
  members: Mentionable[];
  active: boolean;
  onActivate: (id: string) => void;
}) {
  const [replying, setReplying] = useState(false);
  const reply = useCommentAction(releaseId, commentCalls.reply);
  const resolve = useCommentAction(releaseId, commentCalls.resolve);
  const reopen = useCommentAction(releaseId, commentCalls.reopen);
  const ref = useRef<HTMLElement>(null);
  const resolved = thread.resolvedAt !== null;

  useEffect(() => {
    if (active) ref.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [active]);

  return (
    <article
      ref={ref}
      aria-label={`Σχόλιο στο «${thread.quote}»`}
      data-testid="comment-thread"
      data-thread-id={thread.id}
      data-active={active || undefined}
      style={style}
      className={cn('space-y-3 rounded-md border bg-card p-3 shadow-sm transition-colors', active && 'border-amber-400 ring-2 ring-amber-200', resolved && 'opacity-75')}
      onClick={() => onActivate(thread.id)}
      onFocus={() => onActivate(thread.id)}
    >
      <div className="flex items-start justify-between gap-2">
        <button type="button" className="min-w-0 text-left text-xs text-muted-foreground hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-ring" onClick={() => onActivate(thread.id)}>
          <span className="font-medium">{FIELD_LABEL[thread.field]}: </span>
          <q className="line-clamp-2 break-words italic">{thread.quote}</q>
        </button>
        {resolved ? <Badge variant="secondary">Επιλύθηκε</Badge> : null}
      </div>
      {thread.detached ? (
        <p className="rounded bg-muted px-2 py-1 text-xs text-muted-foreground" data-testid="comment-detached">
          {REVIEW_TEXT.detached}
        </p>
      ) : null}
      <ol className="space-y-3">
        {thread.comments.map((c) => (
          <CommentItem key={c.id} releaseId={releaseId} comment={c} mine={c.author?.id === me} mayComment={mayComment} members={members} />
        ))}
      </ol>
      {resolved && thread.resolvedBy ? (
        <p className="text-xs text-muted-foreground">
          Επιλύθηκε από {thread.resolvedBy.name} στις {formatDateTime(thread.resolvedAt!)}
        </p>
      ) : null}
      {mayComment ? (
        replying ? (
          <CommentComposer
            label="Απάντηση"
            submitLabel="Απάντηση"
            members={members}
            busy={reply.isPending}
            error={reply.error ? commentError(reply.error) : null}
            autoFocus
            onCancel={() => setReplying(false)}
            onSubmit={(body, mentions) => reply.mutate([thread.id, { body, mentions }], { onSuccess: () => setReplying(false) })}
          />
        ) : (
          <div className="flex flex-wrap gap-2">
            {!resolved ? (
              <Button variant="outline" size="sm" className="h-8" onClick={() => setReplying(true)}>
                Απάντηση
              </Button>
            ) : null}
            {resolved ? (
              <Button variant="outline" size="sm" className="h-8" disabled={reopen.isPending} onClick={() => reopen.mutate([thread.id])}>
                <RotateCcw className="h-3.5 w-3.5" aria-hidden /> Επαναφορά
              </Button>
            ) : (
              <Button variant="outline" size="sm" className="h-8" disabled={resolve.isPending} onClick={() => resolve.mutate([thread.id])}>
                <Check className="h-3.5 w-3.5" aria-hidden /> Επίλυση
              </Button>
            )}
          </div>
        )
      ) : null}
      {resolve.error || reopen.error ? <p className="text-xs text-destructive">{commentError(resolve.error ?? reopen.error)}</p> : null}
    </article>
  );
}

/**
 * The release's comment threads (open first, in the order of their words; resolved ones on
 * request), the new-thread form for the words chosen, and each thread's replies and actions.
 */
export function CommentsPanel({
  releaseId,
  threads,
  me,
  mayComment,
  members,
  draft,
  onDraftDone,
  active,
  onActivate,
  order,
  beside,
}: {
  /** Beside the text (a wide screen): where each thread's words are on screen, and what moves them. */
  beside?: { lineTop: (t: CommentThread) => number | null; version: unknown };
  releaseId: string;
  threads: CommentThread[];
  me: string | null;
  mayComment: boolean;
  members: Mentionable[];
  draft: CommentDraft | null;
  onDraftDone: (threadId: string | null) => void;
  active: string | null;
  onActivate: (id: string) => void;
  /** Where each thread's words are now (title first, then the text), for the order of the list. */
  order: (t: CommentThread) => number;
}) {
  const [showResolved, setShowResolved] = useState(false);
  const create = useCommentAction(releaseId, commentCalls.create);
  const open = threads.filter((t) => !t.resolvedAt).sort((a, b) => order(a) - order(b));
  const resolved = threads.filter((t) => t.resolvedAt);
  const list = useRef<HTMLDivElement>(null);
  const margins = useBesideLines(list, (i) => (beside && open[i] ? beside.lineTop(open[i]) : null), !!beside, [beside?.version, open.map((t) => t.id).join(), draft]);

  return (
    <section aria-label="Σχόλια" className="space-y-3" data-testid="comments-panel">
      {draft ? (
        <div className="space-y-2 rounded-md border border-amber-300 bg-amber-50/60 p-3" data-testid="comment-draft">
          <p className="text-xs text-muted-foreground">
            <span className="font-medium">{FIELD_LABEL[draft.field]}: </span>
            <q className="line-clamp-2 break-words italic">{draft.quote}</q>
          </p>
          <CommentComposer
            label="Νέο σχόλιο"
            submitLabel="Σχόλιο"
            members={members}
            busy={create.isPending}
            error={create.error ? commentError(create.error) : null}
            autoFocus
            onCancel={() => onDraftDone(null)}
            onSubmit={(body, mentions) => create.mutate([releaseId, { ...draft, body, mentions }], { onSuccess: (t) => onDraftDone(t.id) })}
          />
        </div>
      ) : null}
      {open.length === 0 && !draft ? (
        <p className="flex items-start gap-2 rounded-md border border-dashed p-3 text-sm text-muted-foreground" data-testid="comments-empty">
          <MessageSquarePlus className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          {mayComment
            ? 'Δεν υπάρχουν ανοιχτά σχόλια. Επιλέξτε λέξεις στον τίτλο ή στο κείμενο και πατήστε «Σχόλιο» (Ctrl+Alt+M).'
            : 'Δεν υπάρχουν ανοιχτά σχόλια.'}
        </p>
      ) : null}
      <div ref={list} className="flex flex-col gap-3">
        {open.map((t, i) => (
          <ThreadCard
            key={t.id}
            releaseId={releaseId}
            thread={t}
            me={me}
            mayComment={mayComment}
            members={members}
            active={active === t.id}
            onActivate={onActivate}
            style={margins[i] ? { marginTop: margins[i] } : undefined}
          />
        ))}
      </div>
      {resolved.length ? (
        <div className="space-y-3">
          <Button variant="ghost" size="sm" aria-expanded={showResolved} onClick={() => setShowResolved((v) => !v)}>
            {showResolved ? 'Απόκρυψη επιλυμένων' : `Επιλυμένα (${resolved.length})`}
          </Button>
          {showResolved
            ? resolved.map((t) => (
                <ThreadCard key={t.id} releaseId={releaseId} thread={t} me={me} mayComment={mayComment} members={members} active={active === t.id} onActivate={onActivate} />
              ))
            : null}
        </div>
      ) : null}
    </section>
  );
}
