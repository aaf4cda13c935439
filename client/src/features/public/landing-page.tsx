import { Link } from '@tanstack/react-router';
import {
  ArrowRight,
  BarChart3,
  CheckCircle2,
  PenLine,
  Send,
  Sparkles,
  Target,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { CATEGORY_LABELS } from '@shared/constants';
import { routeTitle, type AppPath } from '@shared/routes';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { useRouteTitle } from '@client/hooks/use-page-title';
import { useT } from '@client/i18n';

const FEATURES: { to: AppPath; icon: LucideIcon; text: string }[] = [
  {
    to: '/features/ai-writing',
    icon: Sparkles,
    text: 'Προτάσεις τίτλων, περίληψη και βελτιωμένο κείμενο με ένα κλικ.',
  },
  {
    to: '/features/targeting',
    icon: Target,
    text: 'Κάθε δελτίο φτάνει μόνο στα media που καλύπτουν την κατηγορία του.',
  },
  {
    to: '/features/analytics',
    icon: BarChart3,
    text: 'Ανοίγματα, κλικ και αναφορές για κάθε αποστολή, σε καθαρά διαγράμματα.',
  },
  {
    to: '/features/segments',
    icon: Users,
    text: 'Λίστες media ανά κατηγορία, πάντα οργανωμένες και ενημερωμένες.',
  },
];

const STEPS: { icon: LucideIcon; title: string; text: string }[] = [
  { icon: PenLine, title: 'Γράψτε', text: 'Συντάξτε το δελτίο σας με τη βοήθεια του AI.' },
  { icon: Target, title: 'Στοχεύστε', text: 'Επιλέξτε κατηγορία και λίστες media.' },
  { icon: Send, title: 'Στείλτε', text: 'Αποστολή τώρα ή προγραμματισμένα.' },
  { icon: BarChart3, title: 'Μετρήστε', text: 'Παρακολουθήστε ανοίγματα, κλικ και KPIs.' },
];

/** A small static preview of the product for the hero (sample figures, no data). */
function HeroPreview() {
  return (
    <div aria-hidden className="relative mx-auto w-full max-w-md lg:max-w-none">
      <div className="absolute -inset-4 rounded-2xl bg-gradient-to-tr from-blue-200/60 to-sky-100/40 blur-2xl" />
      <Card className="relative overflow-hidden shadow-xl">
        <div className="flex items-center gap-1.5 border-b bg-slate-50 px-4 py-2.5">
          <span className="h-2.5 w-2.5 rounded-full bg-slate-300" />
          <span className="h-2.5 w-2.5 rounded-full bg-slate-300" />
          <span className="h-2.5 w-2.5 rounded-full bg-slate-300" />
        </div>
        <div className="space-y-4 p-5">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <p className="truncate font-semibold">Νέα πλατφόρμα ψηφιακών πληρωμών</p>
              <p className="text-xs text-muted-foreground">Προγραμματισμένο για αύριο, 10:00</p>
            </div>
            <Badge variant="info">{CATEGORY_LABELS.tech}</Badge>
          </div>
          <div className="space-y-2">
            <div className="h-2 rounded bg-slate-200" />
            <div className="h-2 w-11/12 rounded bg-slate-200" />
            <div className="h-2 w-4/5 rounded bg-slate-200" />
          </div>
          <div className="flex items-center gap-2 rounded-md bg-accent px-3 py-2 text-xs font-medium text-accent-foreground">
            <Sparkles className="h-4 w-4 shrink-0" />
            <span className="truncate">AI: 3 προτάσεις τίτλου είναι έτοιμες</span>
          </div>
          <div className="grid grid-cols-3 gap-3 border-t pt-4 text-center">
            <div>
              <p className="text-lg font-bold text-primary">78%</p>
              <p className="text-xs text-muted-foreground">Ανοίγματα</p>
            </div>
            <div>
              <p className="text-lg font-bold text-primary">12,5%</p>
              <p className="text-xs text-muted-foreground">CTR</p>
            </div>
            <div>
              <p className="text-lg font-bold text-primary">45</p>
              <p className="text-xs text-muted-foreground">Media</p>
            </div>
          </div>
        </div>
      </Card>
    </div>
  );
}

export function LandingPage() {
  const t = useT();
  const title = useRouteTitle();
  return (
    <>
      <section className="relative overflow-hidden border-b bg-gradient-to-b from-blue-50 via-background to-background">
        <div className="container grid grid-cols-1 items-center gap-12 py-16 sm:py-20 lg:grid-cols-2 lg:py-24">
          <div>
            <Badge variant="info" className="mb-5">
              {t('landing.eyebrow')}
            </Badge>
            <h1 className="text-4xl font-extrabold leading-tight text-slate-900 sm:text-5xl">
              {title}
            </h1>
            <p className="mt-5 max-w-xl text-lg text-muted-foreground">{t('landing.subtitle')}</p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <Button asChild size="lg">
                <Link to="/signup" search={{ role: 'client' }}>
                  {t('landing.ctaPrimary')}
                  <ArrowRight aria-hidden />
                </Link>
              </Button>
              <Button asChild size="lg" variant="outline">
                <Link to="/book-demo">{t('landing.ctaSecondary')}</Link>
              </Button>
            </div>
            <p className="mt-4 inline-flex items-center gap-2 text-sm text-muted-foreground">
              <CheckCircle2 className="h-4 w-4 text-success" aria-hidden />
              {t('landing.trialNote')}
            </p>
          </div>
          <HeroPreview />
        </div>
      </section>

      <section className="container py-16" aria-labelledby="landing-features">
        <h2 id="landing-features" className="text-2xl font-bold sm:text-3xl">
          {routeTitle('/features')}
        </h2>
        <div className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {FEATURES.map(({ to, icon: Icon, text }) => (
            <Card key={to} className="transition-shadow hover:shadow-md">
              <CardHeader className="pb-3">
                <span className="mb-2 flex h-10 w-10 items-center justify-center rounded-lg bg-accent text-accent-foreground">
                  <Icon className="h-5 w-5" aria-hidden />
                </span>
                <CardTitle className="text-base">
                  <Link
                    to={to}
                    className="rounded-sm hover:text-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                  >
                    {routeTitle(to)}
                  </Link>
                </CardTitle>
              </CardHeader>
              <CardContent className="text-sm text-muted-foreground">{text}</CardContent>
            </Card>
          ))}
        </div>
      </section>

      <section className="border-y bg-slate-50" aria-labelledby="landing-steps">
        <div className="container py-16">
          <h2 id="landing-steps" className="text-2xl font-bold sm:text-3xl">
            Πώς λειτουργεί
          </h2>
          <ol className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {STEPS.map(({ icon: Icon, title: stepTitle, text }, index) => (
              <li key={stepTitle} className="flex gap-4">
                <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-bold text-primary-foreground">
                  {index + 1}
                </span>
                <div>
                  <p className="flex items-center gap-2 font-semibold">
                    <Icon className="h-4 w-4 text-primary" aria-hidden />
                    {stepTitle}
                  </p>
                  <p className="mt-1 text-sm text-muted-foreground">{text}</p>
                </div>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className="container py-16 text-center">
        <h2 className="text-2xl font-bold sm:text-3xl">Ξεκινήστε σήμερα</h2>
        <p className="mx-auto mt-3 max-w-xl text-muted-foreground">{t('landing.trialNote')}</p>
        <Button asChild size="lg" className="mt-6">
          <Link to="/signup" search={{ role: 'client' }}>
            {t('nav.trial')}
          </Link>
        </Button>
      </section>
    </>
  );
}
