import { AppLink as Link } from '@client/components/nav';
import { PRODUCT_NAME } from '@shared/constants';
import { cn } from '@client/lib/utils';
import { useT } from '@client/i18n';

/** The product mark: a rounded square with a stylised "D". */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden className={cn('h-8 w-8 shrink-0', className)}>
      <rect width="32" height="32" rx="7" className="fill-primary" />
      <path d="M10 8h6.5a8 8 0 0 1 0 16H10z" fill="none" stroke="#fff" strokeWidth="3" />
    </svg>
  );
}

/** Logo + product name, linking to the landing page. */
export function Logo({ className, onClick }: { className?: string; onClick?: () => void }) {
  const t = useT();
  return (
    <Link
      to="/"
      onClick={onClick}
      aria-label={t('app.logoLabel')}
      className={cn(
        'inline-flex items-center gap-2 rounded-md text-lg font-bold text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2',
        className,
      )}
    >
      <LogoMark />
      <span>{PRODUCT_NAME}</span>
    </Link>
  );
}
