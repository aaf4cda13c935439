import { AlertCircle } from 'lucide-react';
import { cn } from '@client/lib/utils';

/**
 * The line under a form field: its own error (red, with an icon), or a standing hint (the
 * rule it must meet). The field points at it with aria-describedby={id}.
 */
export function FieldMessage({
  id,
  message,
  error = true,
  className,
}: {
  id: string;
  message: string | null | undefined;
  /** False for a hint shown before any submit. */
  error?: boolean;
  className?: string;
}) {
  if (!message) return null;
  return (
    <p
      id={id}
      className={cn(
        'flex items-start gap-1.5 text-sm',
        error ? 'font-medium text-destructive' : 'text-muted-foreground',
        className,
      )}
    >
      {error ? <AlertCircle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden /> : null}
      {message}
    </p>
  );
}
