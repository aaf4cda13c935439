import { lazy, Suspense, useState } from 'react';
import { AppLink as Link } from '@client/components/nav';
import { Check, ChevronDown, Minus, Star } from 'lucide-react';
import { PLAN_FEATURE_KEYS } from '@shared/constants';
import type { Plan, PlanFeatureValue } from '@shared/schemas/public-site';
import { PublicPage, ScrollRegion } from '@client/components/public-page';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader } from '@client/components/ui/card';
import { cn } from '@client/lib/utils';
import { usePageData } from './page-data';
import { useQuoteDialog } from './quote-launcher';
import type { PlansState } from './plans-feed';
import { PUBLIC_MSG } from './public-messages';
import {
  POPULAR_PLAN,
  ctaLabel,
  formatEuro,
  perMonth,
  yearlySaving,
  type Billing,
} from './pricing-math';

const FEATURE_LABELS: Record<(typeof PLAN_FEATURE_KEYS)[number], string> = {
  press_releases_per_month: 'Δελτία τύπου ανά μήνα',
  ai_level: 'Βοηθός συγγραφής AI',
  reporting: 'Αναφορές και KPIs',
  media_targeting: 'Στόχευση media',
  users: 'Χρήστες',
  support: 'Υποστήριξη',
  sso: 'Ενιαία σύνδεση (SSO)',
  compliance: 'Συμμόρφωση',
  sla: 'SLA διαθεσιμότητας',
};

/** Features shown on each card (the full list is in the comparison table). */
const CARD_FEATURES = [
  'press_releases_per_month',
  'media_targeting',
  'users',
  'ai_level',
  'support',
] as const;

export const FAQ: { q: string; a: string }[] = [
  {
    q: 'Πώς λειτουργεί η δωρεάν δοκιμή;',
    a: 'Έχετε 14 ημέρες πλήρη πρόσβαση στο πλάνο της επιλογής σας, χωρίς να δώσετε κάρτα. Στο τέλος της δοκιμής επιλέγετε αν θα συνεχίσετε· αν όχι, ο λογαριασμός απλώς περνά σε κατάσταση ανάγνωσης.',
  },
  {
    q: 'Ποιους τρόπους πληρωμής δέχεστε;',
    a: 'Δεχόμαστε χρεωστικές και πιστωτικές κάρτες Visa, Mastercard και American Express, καθώς και τραπεζική μεταφορά (κατάθεση σε ελληνική τράπεζα) για ετήσιες συνδρομές. Για το Enterprise εκδίδουμε και τιμολόγιο με πίστωση 30 ημερών.',
  },
  {
    q: 'Οι τιμές περιλαμβάνουν ΦΠΑ;',
    a: 'Όχι. Οι τιμές είναι χωρίς ΦΠΑ· ο ΦΠΑ 24% προστίθεται στο τιμολόγιο. Για επιχειρήσεις εντός ΕΕ με έγκυρο ΑΦΜ ενδοκοινοτικών συναλλαγών εφαρμόζεται αντίστροφη επιβάρυνση.',
  },
  {
    q: 'Μπορώ να αλλάξω πλάνο αργότερα;',
    a: 'Ναι, οποιαδήποτε στιγμή. Η αναβάθμιση ισχύει αμέσως με αναλογική χρέωση· η υποβάθμιση ισχύει από την επόμενη περίοδο χρέωσης.',
  },
  {
    q: 'Τι κερδίζω με την ετήσια χρέωση;',
    a: 'Με την ετήσια χρέωση πληρώνετε 10 μήνες αντί για 12, δηλαδή 2 μήνες δώρο σε σχέση με τη μηνιαία συνδρομή.',
  },
  {
    q: 'Μπορώ να ακυρώσω τη συνδρομή μου;',
    a: 'Ναι, χωρίς δέσμευση και χωρίς χρεώσεις ακύρωσης. Η συνδρομή παραμένει ενεργή έως το τέλος της περιόδου που έχετε πληρώσει και μπορείτε να εξαγάγετε τα δεδομένα σας.',
  },
  {
    q: 'Σε ποια media φτάνουν τα δελτία μου;',
    a: 'Σε δημοσιογράφους και portals που έχουν εγγραφεί στην πλατφόρμα και παρακολουθούν τις κατηγορίες του δελτίου σας (πολιτική, οικονομία, τεχνολογία, πολιτισμός, lifestyle, αθλητισμός), καθώς και στις δικές σας λίστες επαφών.',
  },
  {
    q: 'Πού φυλάσσονται τα δεδομένα μου;',
    a: 'Σε κέντρα δεδομένων εντός της Ευρωπαϊκής Ένωσης, με κρυπτογράφηση κατά τη μεταφορά και την αποθήκευση. Η επεξεργασία γίνεται σύμφωνα με τον GDPR και, για το Enterprise, με υπογεγραμμένη σύμβαση επεξεργασίας δεδομένων.',
  },
];

function FeatureValue({ value }: { value: PlanFeatureValue | undefined }) {
  if (value === undefined || value === '') return <span className="text-muted-foreground">—</span>;
  if (typeof value === 'boolean') {
    return value ? (
      <span className="inline-flex items-center gap-1 text-green-700">
        <Check className="h-4 w-4" aria-hidden />
        <span className="sr-only">Ναι</span>
      </span>
    ) : (
      <span className="inline-flex items-center gap-1 text-slate-500">
        <Minus className="h-4 w-4" aria-hidden />
        <span className="sr-only">Όχι</span>
      </span>
    );
  }
  if (Array.isArray(value)) {
    return (
      <ul className="space-y-1">
        {value.map((v) => (
          <li key={v} className="flex items-start gap-1.5">
            <Check className="mt-0.5 h-3.5 w-3.5 shrink-0 text-green-700" aria-hidden />
            {v}
          </li>
        ))}
      </ul>
    );
  }
  return <span>{value}</span>;
}

function cardFeatureText(
  key: (typeof CARD_FEATURES)[number],
  value: PlanFeatureValue | undefined,
): string | null {
  if (value === undefined || typeof value === 'boolean') return null;
  const text = Array.isArray(value) ? value.join(', ') : value;
  return key === 'press_releases_per_month' ? `${text} δελτία τύπου τον μήνα` : text;
}

function PlanCard({
  plan,
  billing,
  onQuote,
}: {
  plan: Plan;
  billing: Billing;
  onQuote: () => void;
}) {
  const popular = plan.code === POPULAR_PLAN;
  const price = perMonth(plan, billing);
  const saving = yearlySaving(plan);
  return (
    <Card
      data-testid={`plan-${plan.code}`}
      className={cn('relative flex flex-col', popular && 'border-2 border-primary shadow-lg')}
    >
      {popular ? (
        <Badge className="absolute -top-3 left-1/2 -translate-x-1/2">
          <Star className="h-3 w-3" aria-hidden />
          Δημοφιλέστερο
        </Badge>
      ) : null}
      <CardHeader>
        <h2 className="text-xl font-semibold leading-tight">{plan.name}</h2>
        {plan.description ? (
          <p className="text-sm text-muted-foreground">{plan.description}</p>
        ) : null}
      </CardHeader>
      <CardContent className="flex-1 space-y-5">
        <div className="min-h-[5.5rem]" data-testid={`price-${plan.code}`}>
          {price === null ? (
            <p className="text-2xl font-bold">Κατόπιν επικοινωνίας</p>
          ) : (
            <>
              <p>
                <span className="text-4xl font-extrabold">{formatEuro(price)}</span>
                <span className="text-muted-foreground"> /μήνα</span>
              </p>
              <p className="mt-1 text-xs text-muted-foreground">
                {billing === 'yearly' && plan.yearly_price !== null
                  ? `${formatEuro(plan.yearly_price)} ετησίως, χωρίς ΦΠΑ`
                  : 'χωρίς ΦΠΑ, μηνιαία χρέωση'}
              </p>
              {billing === 'yearly' && saving !== null && saving > 0 ? (
                <Badge variant="success" className="mt-2">
                  Εξοικονόμηση {saving}%
                </Badge>
              ) : null}
            </>
          )}
        </div>
        <ul className="space-y-2 text-sm">
          {CARD_FEATURES.map((key) => {
            const text = cardFeatureText(key, plan.features[key]);
            return text ? (
              <li key={key} className="flex items-start gap-2">
                <Check className="mt-0.5 h-4 w-4 shrink-0 text-green-700" aria-hidden />
                <span>{text}</span>
              </li>
            ) : null;
          })}
        </ul>
      </CardContent>
      <CardFooter>
        {plan.code === 'enterprise' ? (
          <Button className="w-full" variant="outline" onClick={onQuote}>
            {ctaLabel(plan.code)}
          </Button>
        ) : (
          <Button asChild className="w-full" variant={popular ? 'default' : 'outline'}>
            <Link to="/signup" search={{ role: 'client', plan: plan.code }}>
              {ctaLabel(plan.code)}
            </Link>
          </Button>
        )}
      </CardFooter>
    </Card>
  );
}

function BillingToggle({
  billing,
  onChange,
}: {
  billing: Billing;
  onChange: (b: Billing) => void;
}) {
  const option = (value: Billing, label: string) => (
    <button
      type="button"
      aria-pressed={billing === value}
      onClick={() => onChange(value)}
      className={cn(
        'rounded-full px-4 py-2 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        billing === value
          ? 'bg-primary text-primary-foreground shadow'
          : 'text-slate-700 hover:bg-slate-200',
      )}
    >
      {label}
    </button>
  );
  return (
    <div className="flex flex-wrap items-center justify-center gap-3">
      <div
        role="group"
        aria-label="Περίοδος χρέωσης"
        className="inline-flex rounded-full bg-slate-100 p-1"
      >
        {option('monthly', 'Μηνιαία')}
        {option('yearly', 'Ετήσια')}
      </div>
      <Badge variant="success">2 μήνες δώρο</Badge>
    </div>
  );
}

function ComparisonTable({ plans }: { plans: Plan[] }) {
  return (
    <section aria-labelledby="compare-heading" className="mt-20">
      <h2 id="compare-heading" className="text-2xl font-bold">
        Σύγκριση πλάνων
      </h2>
      <ScrollRegion
        className="mt-6"
        aria-labelledby="compare-heading"
        hint="Σύρετε οριζόντια για να δείτε όλα τα πακέτα"
      >
        <table className="w-full min-w-[640px] text-left text-sm">
          <thead className="bg-slate-50">
            <tr>
              <th scope="col" className="w-1/4 px-4 py-3 font-semibold">
                Δυνατότητα
              </th>
              {plans.map((p) => (
                <th key={p.code} scope="col" className="px-4 py-3 font-semibold">
                  {p.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {PLAN_FEATURE_KEYS.map((key) => (
              <tr key={key} className="border-t align-top">
                <th scope="row" className="px-4 py-3 font-medium">
                  {FEATURE_LABELS[key]}
                </th>
                {plans.map((p) => (
                  <td key={p.code} className="px-4 py-3">
                    <FeatureValue value={p.features[key]} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </section>
  );
}

function Faq() {
  return (
    <section aria-labelledby="faq-heading" className="mt-20">
      <h2 id="faq-heading" className="text-2xl font-bold">
        Συχνές ερωτήσεις
      </h2>
      {/* Native disclosure: works before (and without) any JavaScript; one answer open at a time (name). */}
      <div className="mt-6 divide-y rounded-lg border" data-testid="faq">
        {FAQ.map((item) => (
          <details key={item.q} name="faq" className="group" data-testid="faq-item">
            <summary className="flex w-full cursor-pointer list-none items-center justify-between gap-4 px-4 py-4 text-left font-medium hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring [&::-webkit-details-marker]:hidden">
              <h3>{item.q}</h3>
              <ChevronDown
                className="h-4 w-4 shrink-0 transition-transform group-open:rotate-180"
                aria-hidden
              />
            </summary>
            <p className="px-4 pb-4 text-sm leading-relaxed text-muted-foreground">{item.a}</p>
          </details>
        ))}
      </div>
    </section>
  );
}

const PlansFeed = lazy(() => import('./plans-feed').then((m) => ({ default: m.PlansFeed })));

/**
 * The plans come with the page when the server rendered it (page-data.tsx); otherwise (a
 * page reached by navigation, the app's router, a build-time page) they load here, with the
 * query cache and the schema that parses them (plans-feed.tsx).
 */
export function PricingPage() {
  const seed = usePageData().plans;
  const [plans, setPlans] = useState<PlansState>(
    seed ? { status: 'ok', plans: seed } : { status: 'pending' },
  );
  const [billing, setBilling] = useState<Billing>('monthly');
  const quote = useQuoteDialog();

  return (
    <PublicPage
      lead="Επιλέξτε το πλάνο που ταιριάζει στην ομάδα σας, με μηνιαία ή ετήσια χρέωση. Οι τιμές δεν περιλαμβάνουν ΦΠΑ."
      description="Τιμές Deltio: πλάνα Starter, Pro και Enterprise για διανομή δελτίων τύπου, με μηνιαία ή ετήσια χρέωση (2 μήνες δώρο) και 14 ημέρες δωρεάν δοκιμή."
    >
      {seed ? null : (
        <Suspense fallback={null}>
          <PlansFeed onChange={setPlans} />
        </Suspense>
      )}
      <BillingToggle billing={billing} onChange={setBilling} />
      {plans.status === 'pending' ? (
        // Plain text, not the app's Spinner: the public pages' 90 KB has no room for its chunk.
        <p role="status" className="animate-pulse py-16 text-center text-muted-foreground">
          Φόρτωση πλάνων…
        </p>
      ) : plans.status === 'error' ? (
        <div className="mx-auto mt-10 max-w-md text-center" role="alert">
          <p className="font-medium">{PUBLIC_MSG.plansFail}</p>
          <Button className="mt-4" variant="outline" onClick={plans.retry}>
            Δοκιμάστε ξανά
          </Button>
        </div>
      ) : (
        <>
          <div className="mt-10 grid gap-8 lg:grid-cols-3">
            {plans.plans.map((plan) => (
              <PlanCard
                key={plan.id}
                plan={plan}
                billing={billing}
                onQuote={quote.open}
              />
            ))}
          </div>
          <p className="mt-6 text-center text-sm text-muted-foreground">
            Όλες οι τιμές είναι χωρίς ΦΠΑ. 14 ημέρες δωρεάν δοκιμή, χωρίς κάρτα.
          </p>
          <ComparisonTable plans={plans.plans} />
        </>
      )}
      <Faq />
      {quote.dialog}
    </PublicPage>
  );
}
