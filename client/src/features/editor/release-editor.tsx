import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { queryKeys } from '@client/api/query-keys';
import { useQueryClient } from '@tanstack/react-query';
import type { Editor } from '@tiptap/react';
import { AlertTriangle, CalendarClock, History, MessageSquare, MessageSquarePlus, RotateCw, Save, Send } from 'lucide-react';
import { CATEGORIES, CATEGORY_LABELS, RELEASE_STATUS_LABELS, type Category } from '@shared/constants';
import { MEDIA_LISTS_FIELD, META_FIELD, TITLE_FIELD } from '@shared/editor/doc-fields';
import { ApiError } from '@client/api/http';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { DateField, TimeField } from '@client/components/ui/date-field';
import { Label } from '@client/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@client/components/ui/select';
import { toast } from '@client/components/ui/use-toast';
import { dayjs, formatDateTime } from '@client/lib/dates';
import { useSession } from '@client/stores/session';
import { AssistantCard } from './assistant-card';
import { AttachmentsCard } from './attachments-card';
import { colorFor, PresenceBar } from './presence';
import { RichTextEditor, type EditMode } from './rich-text';
import { REJECTED_MESSAGE, SaveIndicator } from './save-indicator';
import { SendDialog, type SendKind } from './send-dialog';
import { MediaListsPicker } from './media-lists-picker';
import { useCollab } from './use-collab';
import { useMetaField } from './use-meta-field';
import { EmbargoCard, embargoError, embargoProblem } from './embargo-card';
import { editorCalls, useReleaseExists, useReleaseState } from './queries';
import { roleActions } from './role-actions';
import { YTextInput } from './y-text-input';
import { refreshQueries } from '@client/lib/refresh';
import { APPROVAL_ERRORS } from '@shared/schemas/approvals';
import { approvalBlock } from './approval-block';
import { ApprovalBanner, ApprovalCard } from '@client/features/approvals/approval-card';
import { useReleaseApproval } from '@client/features/approvals/queries';
import { RestoreBanner } from '@client/features/versions/restore-banner';
import { isPlanError } from '@shared/plans';
import { MailBlockNotice, mailBlockError, useMailBlock } from '@client/features/auth/mail-block';
import { NO_SELECTION_MESSAGE, useReleaseComments } from '@client/features/comments/use-release-comments';
import { useMembers } from '@client/features/workspaces/use-workspaces';
import { Dialog, DialogContent, DialogHeader, DialogTitle } from '@client/components/ui/dialog';
import { useMediaQuery } from '@client/hooks/use-media-query';
import { useEscapeCloses } from '@client/hooks/use-escape-closes';
import { TitleHighlights } from '@client/features/comments/title-highlights';
import { useSuggestions } from '@client/features/suggestions/queries';
import { roleMay } from '@shared/organisation-roles';
import { cn } from '@client/lib/utils';

// A sent release's coverage links, added by hand here too (the reports' dialog); only sent releases load it.
const CoverageCard = lazy(() => import('@client/features/reports/release-coverage').then((m) => ({ default: m.CoverageCard })));
const DeliveryCard = lazy(() => import('@client/features/deliverability/delivery-table').then((m) => ({ default: m.DeliveryCard })));
/** The review column (suggestions and comment threads) loads when first shown. */
const ReviewPanel = lazy(() => import('@client/features/comments/review-panel'));
/** The version history panel loads only when opened (it must not weigh on the editor route). */
const VersionsPanel = lazy(() => import('@client/features/versions/versions-panel'));

export const REQUIRED_MESSAGE = 'Παρακαλώ συμπληρώστε όλα τα υποχρεωτικά πεδία';
const PENDING_MESSAGE = 'Ο λογαριασμός σας περιμένει έγκριση από τον διαχειριστή. Η αποστολή και ο προγραμματισμός θα ενεργοποιηθούν μόλις εγκριθεί.';
/** Send now / Schedule refuse while the text cannot be rendered (the server's 422 not_rendered). */
export const NOT_RENDERED_MESSAGE = 'Το κείμενο δεν αποθηκεύτηκε, οπότε δεν μπορεί να σταλεί. Διορθώστε το και δοκιμάστε ξανά.';
/** The server's 409s of an action the release's state does not allow (its Greek message is shown when present). */
const CONFLICT_MESSAGES: Record<string, string> = {
  already_sent: 'Το δελτίο τύπου έχει ήδη σταλεί και δεν αλλάζει πλέον',
  archived: 'Το δελτίο τύπου είναι αρχειοθετημένο',
  not_scheduled: 'Το δελτίο τύπου δεν είναι προγραμματισμένο',
  illegal_transition: 'Η ενέργεια δεν επιτρέπεται στην τρέχουσα κατάσταση του δελτίου τύπου',
};

const notRendered = (reason?: string | null) => (reason ? `${NOT_RENDERED_MESSAGE} Αιτία: ${reason}` : NOT_RENDERED_MESSAGE);

function errorText(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.code === 'missing_fields') return REQUIRED_MESSAGE;
    const blocked = mailBlockError(err);
    if (blocked) return blocked;
    // The plan's checks (trial over, monthly releases, recipients): the server's Greek message, with its figures.
    if (isPlanError(err.code) && err.message) return err.message;
    if (err.code === 'not_rendered') return notRendered(err.fields?.content);
    if (err.code in CONFLICT_MESSAGES) return err.message || CONFLICT_MESSAGES[err.code]!;
    if (err.code === 'schedule_in_past') return 'Η ημερομηνία και η ώρα αποστολής έχουν ήδη περάσει';
    // Open review: the server's message names how many suggestions and comments are open.
    if (err.code === 'review_open' && err.message) return err.message;
    if (err.code in APPROVAL_ERRORS) return APPROVAL_ERRORS[err.code]!;
    const embargo = embargoError(err);
    if (embargo) return embargo;
  }
  return 'Η ενέργεια απέτυχε. Δοκιμάστε ξανά.';
}

/** The toast after Send now, with the real number of recipients. */
function sentMessage(recipients: number): string {
  if (recipients === 0) return 'Το δελτίο τύπου στάλθηκε, αλλά δεν υπάρχουν ακόμη παραλήπτες στις επιλεγμένες λίστες media';
  return `Το δελτίο τύπου στάλθηκε σε ${recipients.toLocaleString('el-GR')} ${recipients === 1 ? 'παραλήπτη' : 'παραλήπτες'}`;
}

export function ReleaseEditorScreen({ releaseId }: { releaseId: string }) {
  const profile = useSession((s) => s.profile);
  const queryClient = useQueryClient();
  const { doc, provider, ready, saveState, renderError: liveRenderError } = useCollab(releaseId);
  const meta = doc.getMap(META_FIELD);
  const title = doc.getText(TITLE_FIELD);
  const lists = doc.getMap<boolean>(MEDIA_LISTS_FIELD);
  const [category, setCategory] = useMetaField(meta, 'category');
  const [scheduledDate, setScheduledDate] = useMetaField(meta, 'scheduledDate');
  const [scheduledTime, setScheduledTime] = useMetaField(meta, 'scheduledTime');
  const [editor, setEditor] = useState<Editor | null>(null);
  const [busy, setBusy] = useState<null | 'save' | 'send' | 'schedule'>(null);
  const [confirm, setConfirm] = useState<null | { kind: SendKind; scheduledAt?: string }>(null);
  /** Why the last save, send or schedule did not go through: shown beside the buttons (or in the dialog), not in a toast over them. */
  const [sendError, setSendError] = useState<string | null>(null);
  const [history, setHistory] = useState<null | boolean>(null);
  const sendButton = useRef<HTMLButtonElement>(null);
  const scheduleButton = useRef<HTMLButtonElement>(null);
  const lastAsked = useRef<SendKind>('send');

  const stateKey = queryKeys.releaseState(releaseId);
  const state = useReleaseState(releaseId);
  const release = state.data;
  const frozen = release?.status === 'sent' || release?.status === 'archived';
  // What the caller's role in the release's organisation allows (a reviewer reads; only publishing roles send).
  const releaseDetail = useReleaseExists(releaseId).data;
  const myRole = releaseDetail?.my_role;
  const approvalState = useReleaseApproval(releaseId).data;
  const approvalRequired = approvalState?.required ?? false;
  // The approval rule blocks sending now: the buttons say why instead of failing after the click.
  const approvalReason = approvalBlock(approvalState);
  const may = roleActions(myRole, approvalRequired);
  const readOnly = frozen || !may.write || saveState === 'forbidden' || saveState === 'rejected' || saveState === 'readonly';
  const sendReasonId = may.sendReason && !frozen ? 'send-role-reason' : approvalReason && !frozen && !readOnly ? 'send-approval-reason' : undefined;
  // A reviewer only suggests: the text takes their changes as suggestions (the server lets nothing else in).
  const onlySuggests = !may.write && roleMay(myRole, 'comment');
  const [chosenMode, setMode] = useState<EditMode>('edit');
  const mode: EditMode = onlySuggests ? 'suggest' : chosenMode;
  const textReadOnly = readOnly && !(onlySuggests && !frozen && !!profile && saveState !== 'forbidden' && saveState !== 'rejected' && saveState !== 'readonly');
  // The live word of the server wins; before it spoke, the state's (it flushes the document first).
  const renderError = saveState === 'error' ? liveRenderError : saveState === 'saved' ? null : (release?.renderError ?? null);
  // Send, schedule and the test e-mail wait for a confirmed address and an approved account.
  const block = useMailBlock();

  // Comments: a column beside the text from 1024 px (a tab of the side column), a panel on a phone.
  const wide = useMediaQuery('(min-width: 1024px)');
  const comments = useReleaseComments({ releaseId, editor, doc, role: myRole, titleInput: () => document.getElementById('release-title') as HTMLInputElement | null });
  const members = useMembers(releaseDetail?.organisation_id).data?.members;
  const mentionable = (members ?? []).filter((m) => m.user_id !== profile?.user_id).map((m) => ({ id: m.user_id, name: m.name || m.email }));
  const suggestions = useSuggestions(releaseId).data;
  const pendingSuggestions = suggestions?.suggestions.length ?? 0;
  const reviewCount = comments.openCount + pendingSuggestions;
  const authorOf = useCallback(
    (userId: string) => {
      const m = members?.find((x) => x.user_id === userId);
      return { name: m ? m.name || m.email : 'πρώην μέλος', color: colorFor(userId) };
    },
    [members],
  );
  const linkedComment = () => new URLSearchParams(window.location.search).has('comment');
  const [side, setSide] = useState<'send' | 'comments' | 'coach'>(() => (linkedComment() ? 'comments' : 'send'));
  const [coachRemarks, setCoachRemarks] = useState(0);
  const [commentsOpen, setCommentsOpen] = useState(linkedComment);
  // A reviewer's work is comments: their side column opens on them.
  useEffect(() => {
    if (myRole === 'reviewer') setSide('comments');
  }, [myRole]);
  const showComments = () => (wide ? setSide('comments') : setCommentsOpen(true));
  // Escape closes the open side tab (review, coach) back to Αποστολή; focus, if it was inside, goes to its tab.
  // (The version history, the phone's comments and the other dialogs are Radix dialogs: Escape is theirs.)
  useEscapeCloses(wide && side !== 'send', () => {
    const hadFocus = document.getElementById(`side-panel-${side}`)?.contains(document.activeElement);
    setSide('send');
    if (hadFocus) document.getElementById(`side-tab-${side}`)?.focus();
  });
  /** Ctrl+Alt+M, the toolbar's and the title's button: a new thread on the selected words. */
  function commentOnSelection() {
    if (!comments.mayComment) return;
    if (comments.startComment()) showComments();
    else toast({ title: 'Σχόλιο', description: NO_SELECTION_MESSAGE });
  }
  const commentsPanel = (
    <Suspense fallback={<div className="h-24 animate-pulse rounded-md bg-muted/40" aria-busy="true" />}>
      <ReviewPanel
        suggestions={{
          releaseId,
          suggestions: suggestions?.suggestions ?? [],
          mayResolve: suggestions?.mayResolve ?? false,
          me: profile?.user_id ?? null,
          colorOf: colorFor,
          onShow: (id) => document.querySelector(`[data-suggestion-id="${CSS.escape(id)}"]`)?.scrollIntoView({ block: 'center', behavior: 'smooth' }),
        }}
        comments={{
          releaseId,
          threads: comments.threads,
          me: profile?.user_id ?? null,
          mayComment: comments.mayComment,
          members: mentionable,
          draft: comments.draft,
          onDraftDone: (id) => {
            comments.setDraft(null);
            if (id) comments.activate(id);
          },
          active: comments.active,
          onActivate: comments.activate,
          order: comments.order,
          beside: wide ? comments.beside : undefined,
        }}
      />
    </Suspense>
  );


  // My name and colour for the carets and avatars.
  useEffect(() => {
    if (!profile) return;
    provider.awareness.setLocalStateField('user', { id: profile.user_id, name: profile.name || profile.email, color: colorFor(profile.user_id) });
  }, [provider, profile]);

  function missingRequired(): boolean {
    return !title.toJSON().trim() || !category || !editor || editor.isEmpty;
  }

  /** Send now / Schedule: checked here, then confirmed in the dialog (which shows recipients and the e-mail). */
  function ask(kind: SendKind) {
    lastAsked.current = kind;
    setSendError(null);
    if (missingRequired()) return void setSendError(REQUIRED_MESSAGE);
    if (renderError) return void setSendError(notRendered(renderError));
    if (kind === 'send') {
      const embargo = embargoProblem(meta, new Date());
      if (embargo) return void setSendError(embargo);
      setConfirm({ kind });
      return;
    }
    const at = dayjs(`${scheduledDate}T${scheduledTime || '09:00'}`);
    if (!scheduledDate || !at.isValid()) return void setSendError('Επιλέξτε ημερομηνία και ώρα αποστολής');
    const embargo = embargoProblem(meta, at.toDate());
    if (embargo) return void setSendError(embargo);
    setConfirm({ kind, scheduledAt: at.toISOString() });
  }

  async function run(kind: 'save' | SendKind, scheduledAt?: string) {
    setBusy(kind);
    setSendError(null);
    try {
      const path = kind === 'save' ? 'save' : kind === 'send' ? 'send' : 'schedule';
      const s = await editorCalls.transition(releaseId, path, scheduledAt);
      queryClient.setQueryData(stateKey, s);
      void refreshQueries(queryClient, queryKeys.releases);
      if (kind === 'save') toast({ title: 'Επιτυχία', description: 'Το δελτίο τύπου αποθηκεύτηκε', variant: 'success' });
      if (kind === 'send') toast({ title: 'Επιτυχία', description: sentMessage(s.recipients ?? 0), variant: 'success' });
      if (kind === 'schedule') {
        toast({ title: 'Επιτυχία', description: `Η αποστολή προγραμματίστηκε για ${formatDateTime(s.scheduledAt!)}`, variant: 'success' });
      }
      if (kind !== 'save') setConfirm(null);
    } catch (err) {
      // A state that changed meanwhile (sent by a co-editor, archived): show it.
      if (err instanceof ApiError && (err.status === 409 || err.code === 'not_rendered')) void state.refetch();
      setSendError(errorText(err));
    } finally {
      setBusy(null);
    }
  }

  const user = { id: profile?.user_id, name: profile?.name || profile?.email || 'Χρήστης', color: colorFor(profile?.user_id ?? 'x') };

  return (
    <div
      className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]"
      data-release-id={releaseId}
      data-ready={ready}
      onKeyDown={(e) => {
        // By the key's place (KeyM), so it works on the Greek layout too.
        if (e.ctrlKey && e.altKey && e.code === 'KeyM') {
          e.preventDefault();
          commentOnSelection();
        }
      }}
    >
      <div className="min-w-0 space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <PresenceBar awareness={provider.awareness} />
          <div className="flex flex-wrap items-center gap-2 sm:gap-3">
            {release ? (
              <Badge variant={release.status === 'sent' ? 'default' : 'secondary'} data-testid="release-status">
                {RELEASE_STATUS_LABELS[release.status]}
              </Badge>
            ) : null}
            <SaveIndicator state={saveState} reason={liveRenderError} />
            {!wide ? (
              <Button variant="outline" size="sm" onClick={() => setCommentsOpen(true)} data-testid="open-comments">
                <MessageSquare className="h-4 w-4" aria-hidden /> Σχόλια{reviewCount ? ` (${reviewCount})` : ''}
              </Button>
            ) : null}
            {!wide ? (
              // On a phone the coach is below the side cards: one tap away.
              <Button variant="outline" size="sm" onClick={() => document.getElementById('assistant-card')?.scrollIntoView({ block: 'start', behavior: 'smooth' })} data-testid="open-coach">
                Βοηθός γραφής{coachRemarks ? ` (${coachRemarks})` : ''}
              </Button>
            ) : null}
            <Button variant="outline" size="sm" onClick={() => setHistory(true)} data-testid="open-versions">
              <History className="h-4 w-4" aria-hidden /> Ιστορικό εκδόσεων
            </Button>
          </div>
        </div>
        <RestoreBanner releaseId={releaseId} readOnly={readOnly} />
        <ApprovalBanner releaseId={releaseId} />
        {frozen ? (
          <p className="rounded-md border bg-muted/50 p-3 text-sm" data-testid="sent-banner">
            {release.status === 'archived' ? 'Αρχειοθετημένο. ' : ''}Απεστάλη {release.sentAt ? formatDateTime(release.sentAt) : ''}. Το κείμενο δεν αλλάζει πλέον.
          </p>
        ) : null}
        {saveState === 'rejected' ? (
          <div role="alert" className="flex flex-col gap-2 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-destructive sm:flex-row sm:items-center sm:justify-between">
            <p className="flex items-start gap-2">
              <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
              {REJECTED_MESSAGE}
            </p>
            <Button variant="outline" size="sm" onClick={() => location.reload()}>
              <RotateCw className="h-4 w-4" aria-hidden /> Φόρτωση ξανά
            </Button>
          </div>
        ) : null}
        <div className="space-y-2">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <Label htmlFor="release-title">Τίτλος *</Label>
            <div className="flex items-center gap-2">
              {comments.titleCount ? (
                <button type="button" className="text-xs text-amber-800 underline-offset-2 hover:underline" onClick={showComments} data-testid="title-comments">
                  {comments.titleCount === 1 ? '1 σχόλιο στον τίτλο' : `${comments.titleCount} σχόλια στον τίτλο`}
                </button>
              ) : null}
              {comments.mayComment ? (
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  className="h-7 px-2 text-xs"
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={commentOnSelection}
                  title="Σχόλιο στις λέξεις του τίτλου που επιλέξατε (Ctrl+Alt+M)"
                >
                  <MessageSquarePlus className="h-3.5 w-3.5" aria-hidden /> Σχόλιο
                </Button>
              ) : null}
            </div>
          </div>
          <TitleHighlights doc={doc} title={title} threads={comments.threads} active={comments.active} inputId="release-title">
            <YTextInput id="release-title" ytext={title} placeholder="Ο τίτλος του δελτίου τύπου" disabled={readOnly || !ready} className="text-lg font-semibold" />
          </TitleHighlights>
        </div>
        <div className="space-y-2">
          <Label htmlFor="release-category">Κατηγορία *</Label>
          <Select value={category || undefined} onValueChange={(v) => setCategory(v)} disabled={readOnly || !ready}>
            <SelectTrigger id="release-category" className="w-full sm:w-72">
              <SelectValue placeholder="Επιλέξτε κατηγορία" />
            </SelectTrigger>
            <SelectContent>
              {CATEGORIES.map((c: Category) => (
                <SelectItem key={c} value={c}>
                  {CATEGORY_LABELS[c]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="space-y-2">
          <span className="text-sm font-medium" id="release-content-label">
            Κείμενο *
          </span>
          {ready ? (
            <RichTextEditor
              doc={doc}
              provider={provider}
              user={user}
              readOnly={textReadOnly}
              onEditor={setEditor}
              onComment={comments.mayComment ? commentOnSelection : undefined}
              suggest={frozen || !profile || (!may.write && !onlySuggests) ? undefined : { userId: profile.user_id, authorOf, mode, forced: onlySuggests, onModeChange: setMode }}
            />
          ) : (
            <div className="min-h-[18rem] animate-pulse rounded-md border bg-muted/40" aria-busy="true" />
          )}
        </div>
      </div>

      <aside className="min-w-0 space-y-4">
        {wide ? (
          <div role="tablist" aria-label="Πλαϊνή στήλη" className="grid grid-cols-3 gap-1 rounded-md bg-muted p-1">
            {(['send', 'comments', 'coach'] as const).map((tab) => (
              <button
                key={tab}
                type="button"
                role="tab"
                id={`side-tab-${tab}`}
                aria-selected={side === tab}
                aria-controls={`side-panel-${tab}`}
                className={cn('rounded px-3 py-1.5 text-sm font-medium', side === tab ? 'bg-background shadow-sm' : 'text-muted-foreground hover:text-foreground')}
                onClick={() => setSide(tab)}
                data-testid={`side-tab-${tab}`}
              >
                {tab === 'send' ? 'Αποστολή' : tab === 'coach' ? `Βοηθός${coachRemarks ? ` (${coachRemarks})` : ''}` : `Σχόλια${reviewCount ? ` (${reviewCount})` : ''}`}
              </button>
            ))}
          </div>
        ) : null}
        {wide && side === 'comments' ? (
          <div role="tabpanel" id="side-panel-comments" aria-labelledby="side-tab-comments">
            {commentsPanel}
          </div>
        ) : wide && side === 'coach' ? null : (
          <div role={wide ? 'tabpanel' : undefined} id={wide ? 'side-panel-send' : undefined} aria-labelledby={wide ? 'side-tab-send' : undefined} className="space-y-4">
            <Card>
              <CardHeader>
                <CardTitle className="text-base">Αποστολή</CardTitle>
              </CardHeader>
              <CardContent className="space-y-4">
                {block ? <MailBlockNotice block={block} text={block.code === 'account_not_approved' && profile?.status === 'pending' ? PENDING_MESSAGE : undefined} /> : null}
                <div className="grid grid-cols-2 gap-2">
                  <div className="space-y-1">
                    <Label htmlFor="release-date">Ημερομηνία</Label>
                    <DateField id="release-date" value={scheduledDate} min={dayjs().format('YYYY-MM-DD')} onChange={setScheduledDate} disabled={readOnly} />
                  </div>
                  <div className="space-y-1">
                    <Label htmlFor="release-time">Ώρα</Label>
                    <TimeField id="release-time" value={scheduledTime} onChange={setScheduledTime} disabled={readOnly} />
                  </div>
                </div>
                {release?.status === 'scheduled' && release.scheduledAt ? (
                  <p className="text-sm text-muted-foreground" data-testid="scheduled-at">
                    Προγραμματισμένο για {formatDateTime(release.scheduledAt)}
                  </p>
                ) : null}
                <div className="flex flex-col gap-2">
                  <Button variant="outline" onClick={() => void run('save')} disabled={busy !== null || readOnly}>
                    <Save className="h-4 w-4" aria-hidden /> Αποθήκευση
                  </Button>
                  <Button
                    ref={scheduleButton}
                    variant="secondary"
                    onClick={() => ask('schedule')}
                    disabled={busy !== null || readOnly || block !== null || !may.schedule || approvalReason !== null}
                    aria-describedby={sendReasonId}
                  >
                    <CalendarClock className="h-4 w-4" aria-hidden /> Προγραμματισμός αποστολής
                  </Button>
                  <Button
                    ref={sendButton}
                    onClick={() => ask('send')}
                    disabled={busy !== null || readOnly || block !== null || !may.send || approvalReason !== null}
                    aria-describedby={sendReasonId}
                  >
                    <Send className="h-4 w-4" aria-hidden /> Αποστολή τώρα
                  </Button>
                  {may.sendReason && !frozen ? (
                    <p id="send-role-reason" className="text-sm text-muted-foreground" data-testid="send-role-reason">
                      {may.sendReason}
                    </p>
                  ) : approvalReason && !frozen && !readOnly ? (
                    <p id="send-approval-reason" className="text-sm text-muted-foreground" data-testid="send-approval-reason">
                      {approvalReason}
                    </p>
                  ) : null}
                  {sendError && !confirm ? (
                    <p role="alert" data-testid="send-card-error" className="rounded-md bg-red-50 p-2 text-sm text-destructive">
                      {sendError}
                    </p>
                  ) : null}
                </div>
              </CardContent>
            </Card>
            <ApprovalCard releaseId={releaseId} readOnly={readOnly} />
            <EmbargoCard meta={meta} disabled={readOnly || !ready} sentEmbargo={frozen ? (release?.embargoUntil ?? null) : undefined} />
            <Card>
              <CardContent className="pt-6">
                <MediaListsPicker lists={lists} disabled={readOnly} />
              </CardContent>
            </Card>
            <AttachmentsCard releaseId={releaseId} disabled={readOnly} />
            {frozen ? (
              <Suspense fallback={null}>
                <CoverageCard releaseId={releaseId} />
                <DeliveryCard releaseId={releaseId} />
              </Suspense>
            ) : null}
          </div>
        )}
        {/* The coach beside the text (its tab from 1024 px), always mounted: its underlines stay while another tab is open. */}
        <div role={wide ? 'tabpanel' : undefined} id="side-panel-coach" aria-labelledby={wide ? 'side-tab-coach' : undefined} hidden={wide && side !== 'coach'}>
          <AssistantCard editor={editor} title={title} disabled={readOnly} releaseId={releaseId} onCount={setCoachRemarks} />
        </div>
      </aside>
      {!wide ? (
        <Dialog open={commentsOpen} onOpenChange={setCommentsOpen}>
          <DialogContent className="bottom-0 top-auto max-h-[85dvh] translate-y-0 rounded-b-none" data-testid="comments-sheet">
            <DialogHeader>
              <DialogTitle>Σχόλια{reviewCount ? ` (${reviewCount})` : ''}</DialogTitle>
            </DialogHeader>
            {commentsPanel}
          </DialogContent>
        </Dialog>
      ) : null}
      <SendDialog
        releaseId={releaseId}
        kind={confirm && !readOnly && (confirm.kind === 'send' ? may.send : may.schedule) ? confirm.kind : null}
        scheduledAt={confirm?.scheduledAt}
        busy={busy === 'send' || busy === 'schedule'}
        error={sendError}
        onConfirm={() => confirm && void run(confirm.kind, confirm.scheduledAt)}
        onClose={() => {
          setConfirm(null);
          setSendError(null);
        }}
        returnFocus={lastAsked.current === 'schedule' ? scheduleButton : sendButton}
      />
      {history !== null ? (
        <Suspense fallback={null}>
          <VersionsPanel releaseId={releaseId} open={history} onOpenChange={setHistory} readOnly={readOnly} />
        </Suspense>
      ) : null}
    </div>
  );
}
