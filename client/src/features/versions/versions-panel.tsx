import { useState } from 'react';
import { GitCompare, RotateCcw, Save } from 'lucide-react';
import { namedVersionBody, type DiffPart, type ReviewStep, type Version, type VersionCompare } from '@shared/schemas/versions';
import { LoadErrorPanel, LoadingPanel } from '@client/components/load-state';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@client/components/ui/dialog';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { Spinner } from '@client/components/ui/spinner';
import { toast } from '@client/components/ui/use-toast';
import { formatDateTime } from '@client/lib/dates';
import { useSchemaForm } from '@client/lib/schema-form';
import { cn } from '@client/lib/utils';
import { useVersionCompare, useVersions, versionCalls } from './queries';
import { versionError } from './restore-banner';
import { VERSION_STRINGS as S, versionTitle } from './strings';

function Parts({ parts }: { parts: DiffPart[] }) {
  return (
    <>
      {parts.map((p, i) =>
        p.change === 'ins' ? (
          <ins key={i} className="rounded-sm bg-green-100 text-green-900 no-underline">
            {p.text}
          </ins>
        ) : p.change === 'del' ? (
          <del key={i} className="rounded-sm bg-red-100 text-red-900">
            {p.text}
          </del>
        ) : (
          <span key={i}>{p.text}</span>
        ),
      )}
    </>
  );
}

function Side({ side, testId }: { side: VersionCompare['a']; testId: string }) {
  return (
    <section className="min-w-0 space-y-3 rounded-md border p-3" data-testid={testId} aria-label={side.label}>
      <header>
        <p className="font-semibold">{side.label}</p>
        {side.createdAt ? <p className="text-xs text-muted-foreground">{formatDateTime(side.createdAt)}</p> : null}
      </header>
      <div>
        <p className="text-xs font-medium uppercase text-muted-foreground">{S.titleLabel}</p>
        <p className="text-lg font-semibold">
          <Parts parts={side.title} />
        </p>
      </div>
      <p className="text-sm">
        <span className="text-muted-foreground">{S.categoryLabel}:</span> {side.category ?? S.none} ·{' '}
        <span className="text-muted-foreground">{S.listsLabel}:</span> {side.mediaLists.join(', ') || S.none}
      </p>
      <div>
        <p className="text-xs font-medium uppercase text-muted-foreground">{S.textLabel}</p>
        <p className="whitespace-pre-wrap break-words text-sm leading-relaxed">
          <Parts parts={side.text} />
        </p>
      </div>
    </section>
  );
}

/** The suggested changes decided between the two versions: «Πρόταση του X · αποδοχή από Y». */
function ReviewTrail({ steps }: { steps: ReviewStep[] }) {
  if (!steps.length) return null;
  return (
    <section className="space-y-1 rounded-md border p-3" data-testid="compare-review">
      <h3 className="text-sm font-semibold">{S.reviewTitle}</h3>
      <ul className="space-y-1 text-sm">
        {steps.map((r) => (
          <li key={r.suggestionId} className="min-w-0" data-testid="compare-review-step">
            <span className="font-medium">{S.reviewLine(r)}</span>
            {r.excerpt ? <span className="block truncate text-muted-foreground" title={r.excerpt}>«{r.excerpt}»</span> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Two versions side by side (the older on the left with its deletions, the newer with its insertions). */
function CompareDialog({ releaseId, pair, onClose }: { releaseId: string; pair: { a: string; b: string } | null; onClose: () => void }) {
  const q = useVersionCompare(releaseId, pair);
  return (
    <Dialog open={pair !== null} onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-w-5xl">
        <DialogHeader>
          <DialogTitle>{S.compareTitle}</DialogTitle>
          <DialogDescription>{S.compareLegend}</DialogDescription>
        </DialogHeader>
        {q.isPending ? (
          <LoadingPanel />
        ) : q.isError ? (
          <LoadErrorPanel message={S.compareError} onRetry={() => void q.refetch()} />
        ) : (
          <div className="space-y-2">
            <p className="text-sm text-muted-foreground">{S.chars(q.data.charsAdded, q.data.charsRemoved)}</p>
            <div className="grid gap-3 md:grid-cols-2">
              <Side side={q.data.a} testId="compare-a" />
              <Side side={q.data.b} testId="compare-b" />
            </div>
            <ReviewTrail steps={q.data.review} />
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}

function VersionItem({
  v,
  selected,
  onSelect,
  onCompareCurrent,
  onRestore,
}: {
  v: Version;
  selected: boolean;
  onSelect: () => void;
  onCompareCurrent: () => void;
  onRestore?: () => void;
}) {
  return (
    <li className={cn('space-y-2 p-3', selected && 'bg-blue-50')} data-testid="version-item" data-seq={v.seq} data-kind={v.kind}>
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium">{versionTitle(v)}</p>
          <p className="text-xs text-muted-foreground">
            {formatDateTime(v.createdAt)}
            {v.authors.length ? ` · ${v.authors.map((a) => a.name).join(', ')}` : ''}
          </p>
          <p className="text-xs text-muted-foreground">
            {v.restoredFrom ? `${S.restoredFrom(v.restoredFrom.seq)} · ` : ''}
            {S.chars(v.charsAdded, v.charsRemoved)}
          </p>
        </div>
        <Badge variant={v.kind === 'send' ? 'info' : v.kind === 'named' ? 'default' : v.kind === 'restore' ? 'warning' : 'secondary'}>{S.kind[v.kind]}</Badge>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <label className="flex items-center gap-1.5 text-xs">
          <input type="checkbox" checked={selected} onChange={onSelect} className="h-4 w-4" />
          {S.select}
        </label>
        <Button size="sm" variant="ghost" className="h-7 px-2 text-xs" onClick={onCompareCurrent}>
          <GitCompare className="h-3.5 w-3.5" aria-hidden /> {S.compareCurrent}
        </Button>
        {onRestore ? (
          <Button size="sm" variant="outline" className="h-7 px-2 text-xs" onClick={onRestore} aria-label={`${S.restore}: ${versionTitle(v)}`}>
            <RotateCcw className="h-3.5 w-3.5" aria-hidden /> {S.restore}
          </Button>
        ) : null}
      </div>
    </li>
  );
}

/**
 * The editor's version history (loaded only when opened): save a named version, list every
 * version with its authors, time and size of change, compare any two (or one with the current
 * text), and restore one into the live document, with a confirmation.
 */
export default function VersionsPanel({ releaseId, open, onOpenChange, readOnly }: { releaseId: string; open: boolean; onOpenChange: (o: boolean) => void; readOnly: boolean }) {
  const q = useVersions(releaseId);
  const [selected, setSelected] = useState<string[]>([]);
  const [pair, setPair] = useState<{ a: string; b: string } | null>(null);
  const [confirm, setConfirm] = useState<Version | null>(null);
  const [restoring, setRestoring] = useState(false);
  const { form, message, onSubmit } = useSchemaForm(namedVersionBody, { name: S.savePlaceholder }, { toast: false });
  const editable = Boolean(q.data?.editable) && !readOnly;
  const versions = q.data?.versions ?? [];

  const save = onSubmit(async ({ name }) => {
    try {
      await versionCalls.save(releaseId, name);
      form.reset({ name: S.savePlaceholder });
      toast({ title: S.success, description: S.saved, variant: 'success' });
    } catch (err) {
      toast({ title: S.error, description: versionError(err), variant: 'destructive' });
    }
  });

  function toggle(id: string) {
    setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s.slice(-1), id]));
  }
  function compareSelected() {
    const [x, y] = selected.map((id) => versions.find((v) => v.id === id)!).sort((m, n) => m.seq - n.seq);
    if (x && y) setPair({ a: x.id, b: y.id });
  }
  async function restore(v: Version) {
    setRestoring(true);
    try {
      await versionCalls.restore(releaseId, v.id);
      toast({ title: S.success, description: S.restored(v.seq), variant: 'success' });
      setConfirm(null);
    } catch (err) {
      toast({ title: S.error, description: versionError(err), variant: 'destructive' });
    } finally {
      setRestoring(false);
    }
  }

  return (
    <>
      <Dialog open={open} onOpenChange={onOpenChange}>
        <DialogContent
          data-testid="versions-panel"
          className="left-auto right-0 top-0 flex h-dvh max-h-dvh w-full max-w-md translate-x-0 translate-y-0 flex-col gap-3 rounded-none p-4 sm:p-6"
        >
          <DialogHeader>
            <DialogTitle>{S.title}</DialogTitle>
            <DialogDescription>{S.description}</DialogDescription>
          </DialogHeader>
          {editable ? (
            <form onSubmit={(e) => void save(e)} className="flex flex-col gap-2 sm:flex-row sm:items-end" noValidate>
              <div className="grid flex-1 gap-1">
                <Label htmlFor="version-name">{S.saveLabel}</Label>
                <Input id="version-name" {...form.register('name')} aria-invalid={message ? true : undefined} />
              </div>
              <Button type="submit" disabled={form.formState.isSubmitting}>
                {form.formState.isSubmitting ? <Spinner size="sm" /> : <Save className="h-4 w-4" aria-hidden />}
                {S.save}
              </Button>
            </form>
          ) : null}
          {message ? <p className="text-sm text-destructive">{message}</p> : null}
          <div className="min-h-0 flex-1 overflow-y-auto rounded-md border">
            {q.isPending ? (
              <LoadingPanel />
            ) : q.isError ? (
              <LoadErrorPanel message={S.loadError} onRetry={() => void q.refetch()} />
            ) : versions.length ? (
              <ul className="divide-y" data-testid="version-list">
                {versions.map((v) => (
                  <VersionItem
                    key={v.id}
                    v={v}
                    selected={selected.includes(v.id)}
                    onSelect={() => toggle(v.id)}
                    onCompareCurrent={() => setPair({ a: v.id, b: 'current' })}
                    onRestore={editable ? () => setConfirm(v) : undefined}
                  />
                ))}
              </ul>
            ) : (
              <p className="p-4 text-sm text-muted-foreground">{S.empty}</p>
            )}
          </div>
          <Button variant="secondary" disabled={selected.length !== 2} onClick={compareSelected}>
            <GitCompare className="h-4 w-4" aria-hidden /> {S.compareSelected} ({selected.length}/2)
          </Button>
        </DialogContent>
      </Dialog>
      <CompareDialog releaseId={releaseId} pair={pair} onClose={() => setPair(null)} />
      <Dialog open={confirm !== null} onOpenChange={(o) => !o && setConfirm(null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{confirm ? S.restoreTitle(confirm.seq) : ''}</DialogTitle>
            <DialogDescription>{confirm ? S.restoreText(confirm.seq) : ''}</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setConfirm(null)}>
              {S.cancel}
            </Button>
            <Button onClick={() => confirm && void restore(confirm)} disabled={restoring} data-testid="confirm-restore">
              {restoring ? <Spinner size="sm" /> : <RotateCcw className="h-4 w-4" aria-hidden />}
              {S.restore}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
