import { Button } from '@client/components/ui/button';
import { Spinner } from '@client/components/ui/spinner';
import { useT } from '@client/i18n';
import { cn } from '@client/lib/utils';

/** The panel a list or page shows while its query loads; `framed` draws the card border of a list. */
export function LoadingPanel({ framed = false }: { framed?: boolean }) {
  return (
    <div className={cn('flex justify-center py-16', framed && 'rounded-lg border bg-background')}>
      <Spinner />
    </div>
  );
}

/** The panel a list or page shows when its query failed: the screen's own message and a retry. */
export function LoadErrorPanel({ message, onRetry, testId }: { message: string; onRetry: () => void; testId?: string }) {
  const t = useT();
  return (
    <div className="flex flex-col items-center gap-3 rounded-lg border bg-background py-14 text-center" data-testid={testId}>
      <p className="text-sm text-red-700">{message}</p>
      <Button variant="outline" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </div>
  );
}
