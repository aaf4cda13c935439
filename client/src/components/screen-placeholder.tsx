import type * as React from 'react';
import { Construction } from 'lucide-react';
import { useT } from '@client/i18n';

/** Marks a screen whose content is not built yet. */
export function ScreenPlaceholder({ children }: { children?: React.ReactNode }) {
  const t = useT();
  return (
    <div className="flex flex-col items-center justify-center gap-3 rounded-lg border border-dashed border-slate-300 bg-background px-6 py-14 text-center">
      <Construction className="h-8 w-8 text-slate-400" aria-hidden />
      <p className="text-sm font-medium text-slate-600">{t('common.comingSoon')}</p>
      {children}
    </div>
  );
}
