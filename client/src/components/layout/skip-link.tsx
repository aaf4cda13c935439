import { useT } from '@client/i18n';

export const MAIN_CONTENT_ID = 'main-content';

/** First focusable element on every page: jumps keyboard users past the navigation. */
export function SkipLink() {
  const t = useT();
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-[200] focus:rounded-md focus:bg-background focus:px-4 focus:py-2 focus:text-sm focus:font-medium focus:shadow-lg focus:outline-none focus:ring-2 focus:ring-ring"
    >
      {t('nav.skipToContent')}
    </a>
  );
}
