import { AppLink as Link } from '@client/components/nav';
import {
  ArrowRight,
  BarChart3,
  CheckCircle2,
  PenLine,
  Send,
  Sparkles,
  Target,
  Quote,
  Star,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { CATEGORY_LABELS } from '@shared/constants';
import { routeTitle, type AppPath } from '@shared/routes';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { usePageDescription } from '@client/components/public-page';
import { useNav } from '@client/components/nav';
import { useT } from '@client/i18n';
import { cn } from '@client/lib/utils';
import { useQuoteDialog } from './quote-launcher';

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

/** Organisations that use the platform (wordmarks, drawn as text). */
const TRUSTED_BY = [
  { name: 'Κυκλάδες Tech', className: 'font-extrabold tracking-tight' },
  { name: 'Ολυμπία Ασφαλιστική', className: 'font-serif font-semibold' },
  { name: 'Θέατρο Πειραιά', className: 'font-semibold uppercase tracking-widest text-sm' },
  { name: 'Aegean Foods', className: 'font-bold italic' },
  { name: 'Δελφοί Media', className: 'font-black' },
  { name: 'Ιωνική Ενέργεια', className: 'font-medium tracking-wide' },
];

const TESTIMONIALS = [
  {
    quote:
      'Πριν στέλναμε τα δελτία μας από το Outlook σε μια λίστα που κανείς δεν ενημέρωνε. Τώρα φτάνουν μόνο σε όσους καλύπτουν τον κλάδο μας και βλέπουμε ποιος τα άνοιξε.',
    name: 'Κατερίνα Παπαδάκη',
    role: 'Υπεύθυνη Επικοινωνίας, Κυκλάδες Tech',
  },
  {
    quote:
      'Ο βοηθός AI μάς γλιτώνει μία ώρα σε κάθε δελτίο: προτείνει τίτλους, κόβει τις επαναλήψεις και γράφει καθαρή περίληψη για τους δημοσιογράφους.',
    name: 'Νίκος Αλεξίου',
    role: 'Διευθυντής Marketing, Aegean Foods',
  },
  {
    quote:
      'Ως δημοσιογράφος λαμβάνω μόνο ό,τι αφορά το πολιτιστικό ρεπορτάζ, σε καθαρή μορφή και με ειδοποίηση τη στιγμή που δημοσιεύεται. Επιτέλους λιγότερος θόρυβος.',
    name: 'Μαρία Σταματίου',
    role: 'Δημοσιογράφος πολιτισμού',
  },
];

/** The landing page's static plans (spec section 9); the pricing page loads the real ones. */
const LANDING_PLANS = [
  {
    code: 'starter',
    name: 'Starter',
    price: '49€',
    period: '/μήνα',
    features: [
      '5 δελτία τύπου τον μήνα',
      '100 επαφές media ανά δελτίο',
      'Βοηθός συγγραφής AI',
      'Αναφορές ανοιγμάτων και κλικ',
    ],
    cta: 'Ξεκίνα δωρεάν',
    popular: false,
  },
  {
    code: 'pro',
    name: 'Pro',
    price: '149€',
    period: '/μήνα',
    features: [
      'Απεριόριστα δελτία τύπου',
      '1000+ επαφές media',
      'Προηγμένος βοηθός AI',
      'Αναλυτικές αναφορές και εξαγωγή CSV',
    ],
    cta: 'Ξεκίνα δοκιμή Pro',
    popular: true,
  },
  {
    code: 'enterprise',
    name: 'Enterprise',
    price: 'Κατόπιν επικοινωνίας',
    period: '',
    features: [
      'Απεριόριστοι χρήστες και επαφές',
      'SSO και σύμβαση επεξεργασίας δεδομένων',
      'SLA 99,9%',
      'Αποκλειστικός υπεύθυνος λογαριασμού',
    ],
    cta: 'Ζήτησε προσφορά',
    popular: false,
  },
] as const;

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
  const { title } = useNav();
  const quote = useQuoteDialog();
  usePageDescription(
    'Deltio: η ελληνική πλατφόρμα για δελτία τύπου. Γράψτε με τη βοήθεια AI, στείλτε στοχευμένα στα media ανά κατηγορία και μετρήστε ανοίγματα, κλικ και KPIs. 14 ημέρες δωρεάν δοκιμή.',
  );
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

      <section className="border-b bg-white" aria-labelledby="landing-trusted">
        <div className="container py-10">
          <h2
            id="landing-trusted"
            className="text-center text-sm font-semibold uppercase tracking-wide text-muted-foreground"
          >
            Μας εμπιστεύονται οργανισμοί σε όλη την Ελλάδα
          </h2>
          <ul className="mt-6 flex flex-wrap items-center justify-center gap-x-10 gap-y-4 text-lg text-slate-600">
            {TRUSTED_BY.map((logo) => (
              <li key={logo.name} className={logo.className}>
                {logo.name}
              </li>
            ))}
          </ul>
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

      <section className="container py-16" aria-labelledby="landing-testimonials">
        <h2 id="landing-testimonials" className="text-2xl font-bold sm:text-3xl">
          Τι λένε οι πελάτες μας
        </h2>
        <ul className="mt-8 grid gap-6 md:grid-cols-3">
          {TESTIMONIALS.map((item) => (
            <li key={item.name}>
              <figure className="flex h-full flex-col rounded-lg border bg-card p-6 shadow-sm">
                <Quote className="h-6 w-6 text-primary" aria-hidden />
                <blockquote className="mt-3 flex-1 text-sm leading-relaxed text-slate-700">
                  «{item.quote}»
                </blockquote>
                <figcaption className="mt-4 text-sm">
                  <span className="block font-semibold">{item.name}</span>
                  <span className="text-muted-foreground">{item.role}</span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </section>

      <section className="border-y bg-slate-50" aria-labelledby="landing-plans">
        <div className="container py-16">
          <h2 id="landing-plans" className="text-2xl font-bold sm:text-3xl">
            Πλάνα για κάθε ομάδα
          </h2>
          <p className="mt-2 text-muted-foreground">Οι τιμές δεν περιλαμβάνουν ΦΠΑ.</p>
          <div className="mt-8 grid gap-6 lg:grid-cols-3">
            {LANDING_PLANS.map((plan) => (
              <Card
                key={plan.code}
                data-testid={`landing-plan-${plan.code}`}
                className={cn(
                  'relative flex flex-col',
                  plan.popular && 'border-2 border-primary shadow-lg',
                )}
              >
                {plan.popular ? (
                  <Badge className="absolute -top-3 left-1/2 -translate-x-1/2">
                    <Star className="h-3 w-3" aria-hidden />
                    Δημοφιλέστερο
                  </Badge>
                ) : null}
                <CardHeader>
                  <CardTitle className="text-xl">{plan.name}</CardTitle>
                  <p>
                    <span className={cn('font-extrabold', plan.period ? 'text-4xl' : 'text-2xl')}>
                      {plan.price}
                    </span>
                    {plan.period ? (
                      <span className="text-muted-foreground"> {plan.period}</span>
                    ) : null}
                  </p>
                </CardHeader>
                <CardContent className="flex flex-1 flex-col justify-between gap-6">
                  <ul className="space-y-2 text-sm">
                    {plan.features.map((f) => (
                      <li key={f} className="flex items-start gap-2">
                        <CheckCircle2
                          className="mt-0.5 h-4 w-4 shrink-0 text-green-700"
                          aria-hidden
                        />
                        {f}
                      </li>
                    ))}
                  </ul>
                  {plan.code === 'enterprise' ? (
                    // The same quote dialog as on /pricing (spec: 'Ζήτησε προσφορά' opens it).
                    <Button variant={plan.popular ? 'default' : 'outline'} className="w-full" onClick={quote.open}>
                      {plan.cta}
                    </Button>
                  ) : (
                    <Button asChild variant={plan.popular ? 'default' : 'outline'} className="w-full">
                      <Link to="/signup" search={{ role: 'client', plan: plan.code }}>
                        {plan.cta}
                      </Link>
                    </Button>
                  )}
                </CardContent>
              </Card>
            ))}
          </div>
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
      {quote.dialog}
    </>
  );
}
