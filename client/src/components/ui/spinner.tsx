import { Loader2 } from 'lucide-react';
import { cn } from '@client/lib/utils';
import { useT } from '@client/i18n';

interface SpinnerProps {
  className?: string;
  /** Accessible text; defaults to 'Φόρτωση...'. */
  label?: string;
  size?: 'sm' | 'md' | 'lg';
}

const sizes = { sm: 'h-4 w-4', md: 'h-6 w-6', lg: 'h-10 w-10' } as const;

export function Spinner({ className, label, size = 'md' }: SpinnerProps) {
  const t = useT();
  return (
    <span role="status" className={cn('inline-flex items-center justify-center', className)}>
      <Loader2 className={cn('animate-spin text-primary', sizes[size])} aria-hidden />
      <span className="sr-only">{label ?? t('common.loading')}</span>
    </span>
  );
}

/** Full-area centered spinner, e.g. while the session loads. */
export function PageSpinner({ label }: { label?: string }) {
  return (
    <div className="flex min-h-[50vh] w-full items-center justify-center">
      <Spinner size="lg" label={label} />
    </div>
  );
}
