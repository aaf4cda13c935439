import { AppLink as Link, usePathname } from '@client/components/nav';
import { ArrowRight, CheckCircle2 } from 'lucide-react';
import { routeTitle, type AppPath } from '@shared/routes';
import { PublicPage } from '@client/components/public-page';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { useT } from '@client/i18n';
import { cn } from '@client/lib/utils';
import { MARKETING, type Endpoint } from './marketing-content';

const METHOD_STYLE: Record<Endpoint['method'], string> = {
  GET: 'bg-green-100 text-green-800',
  POST: 'bg-blue-100 text-blue-800',
  PUT: 'bg-amber-100 text-amber-900',
  PATCH: 'bg-purple-100 text-purple-800',
  DELETE: 'bg-red-100 text-red-800',
};

/** Shared page for every marketing route (/features/*, /industries/*, /resources/*, /about ...). */
export function MarketingPage() {
  const t = useT();
  const pathname = usePathname();
  const content = MARKETING[pathname.replace(/\/+$/, '') || '/'];
  return (
    <PublicPage lead={content?.lead} description={content?.description}>
      <div className="space-y-14">
        {content?.highlights ? (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {content.highlights.map((h) => (
              <li key={h.title} className="rounded-lg border bg-card p-5 shadow-sm">
                <p className="flex items-center gap-2 font-semibold">
                  <CheckCircle2 className="h-4 w-4 text-primary" aria-hidden />
                  {h.title}
                </p>
                <p className="mt-2 text-sm text-muted-foreground">{h.text}</p>
              </li>
            ))}
          </ul>
        ) : null}

        {content?.sections.map((section) => (
          <section key={section.title} className="max-w-3xl">
            <h2 className="text-2xl font-bold">{section.title}</h2>
            {section.paragraphs?.map((p) => (
              <p key={p} className="mt-4 leading-relaxed text-slate-700">
                {p}
              </p>
            ))}
            {section.bullets ? (
              <ul className="mt-4 space-y-2">
                {section.bullets.map((b) => (
                  <li key={b} className="flex items-start gap-2 text-slate-700">
                    <CheckCircle2 className="mt-1 h-4 w-4 shrink-0 text-green-700" aria-hidden />
                    {b}
                  </li>
                ))}
              </ul>
            ) : null}
          </section>
        ))}

        {content?.api?.map((group) => (
          <section key={group.title} aria-labelledby={`api-${group.title}`}>
            <h2 id={`api-${group.title}`} className="text-xl font-bold">
              {group.title}
            </h2>
            <p className="mt-2 text-sm text-muted-foreground">{group.intro}</p>
            <ul className="mt-4 divide-y rounded-lg border">
              {group.endpoints.map((e) => (
                <li
                  key={`${e.method} ${e.path}`}
                  className="flex flex-col gap-2 p-4 md:flex-row md:items-start md:gap-4"
                >
                  <div className="flex min-w-0 items-center gap-2 md:w-[26rem] md:shrink-0">
                    <span
                      className={cn(
                        'rounded px-2 py-0.5 font-mono text-xs font-bold',
                        METHOD_STYLE[e.method],
                      )}
                    >
                      {e.method}
                    </span>
                    <code className="break-all font-mono text-sm">{e.path}</code>
                  </div>
                  <p className="flex-1 text-sm text-slate-700">{e.text}</p>
                  <Badge variant="outline" className="self-start">
                    {e.access}
                  </Badge>
                </li>
              ))}
            </ul>
          </section>
        ))}

        {content?.related ? (
          <nav aria-label="Σχετικές σελίδες">
            <h2 className="text-lg font-semibold">Δείτε επίσης</h2>
            <ul className="mt-3 flex flex-wrap gap-3">
              {content.related
                .filter((p) => p !== pathname)
                .map((p) => (
                  <li key={p}>
                    <Link
                      to={p as AppPath}
                      className="inline-flex items-center gap-1 rounded-full border px-4 py-1.5 text-sm hover:border-primary hover:text-primary"
                    >
                      {routeTitle(p as AppPath)}
                      <ArrowRight className="h-3.5 w-3.5" aria-hidden />
                    </Link>
                  </li>
                ))}
            </ul>
          </nav>
        ) : null}

        <div className="flex flex-col gap-3 rounded-lg bg-slate-900 p-8 text-white sm:flex-row sm:items-center sm:justify-between">
          <div>
            <p className="text-xl font-semibold">Δοκιμάστε το Deltio δωρεάν</p>
            <p className="mt-1 text-sm text-slate-300">14 ημέρες δωρεάν δοκιμή, χωρίς κάρτα</p>
          </div>
          <div className="flex flex-col gap-3 sm:flex-row">
            <Button asChild size="lg">
              <Link to="/signup" search={{ role: 'client' }}>
                {t('nav.trial')}
              </Link>
            </Button>
            <Button
              asChild
              size="lg"
              variant="outline"
              className="border-white bg-transparent text-white hover:bg-white hover:text-slate-900"
            >
              <Link to="/book-demo">{t('landing.ctaSecondary')}</Link>
            </Button>
          </div>
        </div>
      </div>
    </PublicPage>
  );
}
