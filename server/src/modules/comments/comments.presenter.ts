import { REVIEW_TEXT, type Comment, type CommentThread } from '../../../../shared/schemas/review';
import { encodeAnchor } from './comments.anchors';
import { isRoot, type CommentRow, type RootRow } from './comments.repo';

type Names = Map<string, string>;

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
const person = (id: string | null, names: Names) => (id ? { id, name: names.get(id) ?? 'Χρήστης' } : null);

/** Every user a list of comments names (authors, mentions, who resolved). */
export function peopleOf(rows: CommentRow[]): string[] {
  return [...new Set(rows.flatMap((r) => [r.author_id, r.resolved_by, ...(r.mentions ?? [])].filter((id): id is string => Boolean(id))))];
}

/** A comment as the API shows it; a deleted root (kept for its replies) reads «Το σχόλιο διαγράφηκε». */
export function presentComment(r: CommentRow, names: Names): Comment {
  if (r.deleted_at) {
    return { id: r.id, threadId: r.thread_id, author: null, body: REVIEW_TEXT.deletedComment, mentions: [], createdAt: iso(r.created_at)!, editedAt: null };
  }
  return {
    id: r.id,
    threadId: r.thread_id,
    author: person(r.author_id, names),
    body: r.body,
    mentions: (r.mentions ?? []).map((id) => person(id, names)!),
    createdAt: iso(r.created_at)!,
    editedAt: iso(r.edited_at),
  };
}

/**
 * A thread: its root, then its live replies oldest first. Null when nothing of it is left (the
 * root deleted and every reply too): it disappears from the list.
 */
export function presentThread(root: RootRow, replies: CommentRow[], names: Names, detached: boolean): CommentThread | null {
  const live = replies.filter((r) => !r.deleted_at);
  if (root.deleted_at && !live.length) return null;
  return {
    id: root.id,
    field: root.field,
    anchorStart: encodeAnchor(root.anchor_start),
    anchorEnd: encodeAnchor(root.anchor_end),
    quote: root.quote,
    detached,
    resolvedAt: iso(root.resolved_at),
    resolvedBy: person(root.resolved_by, names),
    comments: [presentComment(root, names), ...live.map((r) => presentComment(r, names))],
  };
}

/** The rows of a release grouped into threads, roots in the order they were made. */
export function groupThreads(rows: CommentRow[]): { root: RootRow; replies: CommentRow[] }[] {
  const threads = new Map<string, { root: RootRow; replies: CommentRow[] }>();
  for (const r of rows) if (isRoot(r)) threads.set(r.id, { root: r, replies: [] });
  for (const r of rows) if (!isRoot(r)) threads.get(r.thread_id!)?.replies.push(r);
  return [...threads.values()];
}
