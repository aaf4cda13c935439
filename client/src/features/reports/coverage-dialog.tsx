import { ExternalLink, Plus, Trash2 } from 'lucide-react';
import { coverageBody, type ReportRow } from '@shared/schemas/reports';
import { Button } from '@client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@client/components/ui/dialog';
import { Input } from '@client/components/ui/input';
import { toast } from '@client/components/ui/use-toast';
import { useSchemaForm } from '@client/lib/schema-form';
import { TABLE_STRINGS } from './report-table';
import { useCoverage } from './use-reports';

/** What the dialog shows of a release: a report row, or one release's coverage (GET /client/reports/:id/coverage). */
export type CoverageOf = Pick<ReportRow, 'title' | 'status' | 'coverageLinks' | 'manualCoverage'> & { id: string };

/** A release's coverage links: the clicked ones and those added by hand (removable), and a form to add one. */
export function CoverageDialog({ row, onClose }: { row: CoverageOf; onClose: () => void }) {
  const { add, remove } = useCoverage(row.id);
  // The server's own rule (coverageBody: an http(s) link), one message for empty or wrong.
  const { form, message, onSubmit } = useSchemaForm(
    coverageBody,
    { url: '' },
    { messages: { required: TABLE_STRINGS.invalidUrl, invalid: TABLE_STRINGS.invalidUrl }, toast: false },
  );
  const manual = new Set(row.manualCoverage);
  const submit = onSubmit(({ url }) =>
    add.mutate(url, {
      onSuccess: () => {
        form.reset({ url: '' });
        toast({ title: TABLE_STRINGS.success, description: TABLE_STRINGS.added, variant: 'success' });
      },
      onError: (err) => {
        console.error('Adding a coverage link failed', err);
        toast({ title: TABLE_STRINGS.error, description: TABLE_STRINGS.addError, variant: 'destructive' });
      },
    }),
  );
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>{TABLE_STRINGS.coverageOf}</DialogTitle>
          <DialogDescription>
            <span className="block font-medium text-foreground">{row.title || TABLE_STRINGS.untitled}</span>
            {TABLE_STRINGS.coverageText}
          </DialogDescription>
        </DialogHeader>
        {row.coverageLinks.length ? (
          <ul className="max-h-64 space-y-2 overflow-y-auto" data-testid="coverage-list">
            {row.coverageLinks.map((l) => (
              <li key={l} className="flex items-start gap-2 text-sm">
                <div className="min-w-0 flex-1">
                  <a href={l} target="_blank" rel="noopener noreferrer" className="inline-flex max-w-full items-center gap-1 text-blue-700 hover:underline">
                    <span className="truncate">{l}</span>
                    <ExternalLink className="h-3.5 w-3.5 shrink-0" aria-hidden />
                  </a>
                  <span className="block text-xs text-muted-foreground">{manual.has(l) ? TABLE_STRINGS.manual : TABLE_STRINGS.clicked}</span>
                </div>
                {manual.has(l) ? (
                  <Button
                    variant="ghost"
                    size="sm"
                    disabled={remove.isPending}
                    aria-label={`${TABLE_STRINGS.remove}: ${l}`}
                    onClick={() =>
                      remove.mutate(l, {
                        onSuccess: () => toast({ title: TABLE_STRINGS.success, description: TABLE_STRINGS.removed, variant: 'success' }),
                        onError: (err) => {
                          console.error('Removing a coverage link failed', err);
                          toast({ title: TABLE_STRINGS.error, description: TABLE_STRINGS.removeError, variant: 'destructive' });
                        },
                      })
                    }
                  >
                    <Trash2 aria-hidden />
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">{TABLE_STRINGS.noCoverage}</p>
        )}
        {row.status === 'sent' || row.status === 'archived' ? (
          <form onSubmit={submit} className="space-y-1.5" noValidate>
            <label htmlFor="coverage-url" className="text-sm font-medium">
              {TABLE_STRINGS.addLabel}
            </label>
            <div className="flex gap-2">
              <Input
                id="coverage-url"
                type="url"
                inputMode="url"
                placeholder={TABLE_STRINGS.addPlaceholder}
                {...form.register('url')}
                aria-invalid={message ? true : undefined}
                aria-describedby={message ? 'coverage-url-error' : undefined}
              />
              <Button type="submit" disabled={add.isPending}>
                <Plus aria-hidden />
                {TABLE_STRINGS.add}
              </Button>
            </div>
            {message ? (
              <p id="coverage-url-error" className="text-sm text-red-700">
                {message}
              </p>
            ) : null}
          </form>
        ) : (
          <p className="text-xs text-muted-foreground">{TABLE_STRINGS.onlySent}</p>
        )}
      </DialogContent>
    </Dialog>
  );
}
