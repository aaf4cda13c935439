import { useEffect, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { BarChart3, Check, PartyPopper, Send, Sparkles, Upload } from 'lucide-react';
import { CATEGORIES, CATEGORY_LABELS, LIMITS, type Category } from '@shared/constants';
import { onboardingCompanyStep, onboardingForm, settingsProfile } from '@shared/schemas/dashboard';
import { api } from '@client/api/http';
import { Button } from '@client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@client/components/ui/dialog';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@client/components/ui/select';
import { toast } from '@client/components/ui/use-toast';
import { useSchemaForm } from '@client/lib/schema-form';
import { cn } from '@client/lib/utils';
import { useSession } from '@client/stores/session';
import { useOnboarding } from './onboarding-store';

const TOTAL = LIMITS.onboardingSteps;

const S = {
  stepOf: (n: number) => `Βήμα ${n} από ${TOTAL}`,
  previous: 'Προηγούμενο',
  next: 'Επόμενο',
  finish: 'Ολοκλήρωση Ρύθμισης',
  finishing: 'Ολοκλήρωση...',
  welcomeTitle: 'Καλώς ήρθατε στο Deltio!',
  welcomeText:
    'Σε λίγα βήματα θα ρυθμίσουμε τον λογαριασμό σας ώστε να γράφετε, να στέλνετε και να παρακολουθείτε τα δελτία τύπου σας σε ένα μέρος.',
  welcomePoints: ['Το προφίλ της εταιρείας σας', 'Την προεπιλεγμένη κατηγορία των δελτίων σας', 'Τους στόχους σας στην πλατφόρμα'],
  companyTitle: 'Προφίλ εταιρείας',
  companyText: 'Πώς θα εμφανίζεται η εταιρεία σας στα δελτία τύπου.',
  companyName: 'Όνομα εταιρείας',
  website: 'Ιστοσελίδα',
  logoUrl: 'URL λογοτύπου',
  upload: 'Ανέβασμα αρχείου',
  comingSoon: 'Σύντομα διαθέσιμο',
  urlHint: 'Προαιρετικό. Μόνο διευθύνσεις URL (https://...) υποστηρίζονται προς το παρόν.',
  badUrl: 'Η διεύθυνση πρέπει να ξεκινά με http:// ή https://',
  categoryTitle: 'Προεπιλεγμένη κατηγορία',
  categoryText: 'Η κατηγορία που θα προτείνεται σε κάθε νέο δελτίο τύπου. Μπορείτε να την αλλάξετε αργότερα στις ρυθμίσεις.',
  category: 'Κατηγορία',
  categoryPlaceholder: 'Επιλέξτε κατηγορία',
  goalsTitle: 'Οι στόχοι σας',
  goalsText: 'Τι θέλετε να πετύχετε με το Deltio; Επιλέξτε όσα ισχύουν.',
  doneTitle: 'Όλα έτοιμα!',
  doneText: 'Ο λογαριασμός σας είναι έτοιμος. Ολοκληρώστε τη ρύθμιση και γράψτε το πρώτο σας δελτίο τύπου.',
  successTitle: 'Καλώς ήρθατε!',
  successText: 'Η ρύθμιση του λογαριασμού σας ολοκληρώθηκε επιτυχώς.',
  errorTitle: 'Σφάλμα',
  errorText: 'Προέκυψε σφάλμα κατά την ολοκλήρωση της ρύθμισης.',
};

const GOALS = [
  { key: 'aiWriting', icon: Sparkles, title: 'Συγγραφή με AI', text: 'Γράψτε πιο γρήγορα δελτία τύπου με τη βοήθεια του AI.' },
  { key: 'targetedSending', icon: Send, title: 'Στοχευμένη αποστολή', text: 'Στείλτε στα σωστά media ανά κατηγορία.' },
  { key: 'reporting', icon: BarChart3, title: 'Αναφορές και KPIs', text: 'Παρακολουθήστε ανοίγματα, κλικ και δημοσιεύσεις.' },
] as const;
type GoalKey = (typeof GOALS)[number]['key'];

const NO_GOALS: Record<GoalKey, boolean> = { aiWriting: false, targetedSending: false, reporting: false };

/** The clients' 5-step onboarding: opens while profile.onboarded is false and cannot be dismissed (loaded by onboarding-gate.tsx). */
export function OnboardingWizard() {
  const profile = useSession((s) => s.profile);
  const { step, setStep, generation } = useOnboarding();
  const navigate = useNavigate();
  const open = profile?.role === 'client' && !profile.onboarded;
  const [saving, setSaving] = useState(false);
  const initial = () => ({
    organization: profile?.organization ?? '',
    website: profile?.website ?? '',
    company_logo_url: profile?.company_logo_url?.startsWith('http') ? profile.company_logo_url : '',
    default_category: profile?.default_category ?? undefined,
  });
  // The fields on the shared schema (the server's PATCH /profile rules); the goals are the
  // wizard's own (not stored).
  const { form, onSubmit } = useSchemaForm(onboardingForm, initial());
  const [goals, setGoals] = useState(NO_GOALS);

  // A restart (or another account) starts from the profile's values again.
  useEffect(() => {
    form.reset(initial());
    setGoals(NO_GOALS);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only on restart / user change
  }, [generation, profile?.user_id]);

  // Step by step: Next stays off until the step's fields pass the schema; a link that is
  // typed but not http(s) says so under its field.
  const values = form.watch();
  const company = onboardingCompanyStep.safeParse(values);
  const badLink = (field: 'website' | 'company_logo_url') =>
    !company.success &&
    (values[field] ?? '').trim() !== '' &&
    company.error.issues.some((i) => i.path[0] === field);
  const websiteBad = badLink('website');
  const logoBad = badLink('company_logo_url');
  const nextDisabled =
    (step === 2 && !company.success) ||
    (step === 3 && !onboardingForm.shape.default_category.safeParse(values.default_category).success);

  const finish = onSubmit(async (body) => {
    setSaving(true);
    try {
      const updated = await api('PATCH', '/profile', {
        body: { ...body, onboarded: true },
        schema: settingsProfile,
      });
      toast({ title: S.successTitle, description: S.successText, variant: 'success' });
      useSession.getState().setProfile(updated);
      setStep(1);
      await navigate({ to: '/client/press-releases/new' });
    } catch (err) {
      console.warn('Onboarding could not be completed', err);
      toast({ title: S.errorTitle, description: S.errorText, variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  });

  if (!open) return null;
  const progress = (step / TOTAL) * 100;

  return (
    <Dialog open onOpenChange={() => undefined}>
      <DialogContent
        hideClose
        data-testid="onboarding-wizard"
        className="max-w-xl grid-cols-[minmax(0,1fr)]"
        onEscapeKeyDown={(e) => e.preventDefault()}
        onPointerDownOutside={(e) => e.preventDefault()}
        onInteractOutside={(e) => e.preventDefault()}
      >
        <div className="space-y-2">
          <div className="flex items-center justify-between text-xs font-medium text-muted-foreground">
            <span>{S.stepOf(step)}</span>
            <span>{Math.round(progress)}%</span>
          </div>
          <div
            role="progressbar"
            aria-label={S.stepOf(step)}
            aria-valuemin={1}
            aria-valuemax={TOTAL}
            aria-valuenow={step}
            className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
          >
            <div className="h-full rounded-full bg-primary transition-[width] duration-300" style={{ width: `${progress}%` }} />
          </div>
        </div>

        {step === 1 ? (
          <>
            <DialogHeader>
              <DialogTitle>{S.welcomeTitle}</DialogTitle>
              <DialogDescription>{S.welcomeText}</DialogDescription>
            </DialogHeader>
            <ul className="space-y-2 text-sm">
              {S.welcomePoints.map((p) => (
                <li key={p} className="flex items-center gap-2">
                  <Check className="h-4 w-4 text-green-600" aria-hidden />
                  {p}
                </li>
              ))}
            </ul>
          </>
        ) : null}

        {step === 2 ? (
          <>
            <DialogHeader>
              <DialogTitle>{S.companyTitle}</DialogTitle>
              <DialogDescription>{S.companyText}</DialogDescription>
            </DialogHeader>
            <div className="space-y-4">
              <div className="space-y-1.5">
                <Label htmlFor="ob-company">{S.companyName} *</Label>
                <Input
                  id="ob-company"
                  required
                  {...form.register('organization')}
                  autoComplete="organization"
                />
              </div>
              <div className="space-y-1.5">
                <Label htmlFor="ob-website">{S.website}</Label>
                <Input
                  id="ob-website"
                  type="url"
                  placeholder="https://"
                  {...form.register('website')}
                  aria-invalid={websiteBad}
                />
                {websiteBad ? <p className="text-xs text-red-700">{S.badUrl}</p> : null}
              </div>
              <div className="space-y-1.5">
                <Label htmlFor="ob-logo">{S.logoUrl}</Label>
                <div className="flex flex-col gap-2 sm:flex-row">
                  <Input
                    id="ob-logo"
                    type="url"
                    placeholder="https://"
                    {...form.register('company_logo_url')}
                    aria-invalid={logoBad}
                    aria-describedby="ob-logo-hint"
                  />
                  <Button type="button" variant="outline" disabled className="h-auto min-h-10 shrink-0 whitespace-normal">
                    <Upload aria-hidden />
                    {S.upload} · {S.comingSoon}
                  </Button>
                </div>
                <p id="ob-logo-hint" className={cn('text-xs', logoBad ? 'text-red-700' : 'text-muted-foreground')}>
                  {logoBad ? S.badUrl : S.urlHint}
                </p>
              </div>
            </div>
          </>
        ) : null}

        {step === 3 ? (
          <>
            <DialogHeader>
              <DialogTitle>{S.categoryTitle}</DialogTitle>
              <DialogDescription>{S.categoryText}</DialogDescription>
            </DialogHeader>
            <div className="space-y-1.5">
              <Label htmlFor="ob-category">{S.category}</Label>
              <Select
                value={values.default_category}
                onValueChange={(v) => form.setValue('default_category', v as Category)}
              >
                <SelectTrigger id="ob-category">
                  <SelectValue placeholder={S.categoryPlaceholder} />
                </SelectTrigger>
                <SelectContent>
                  {CATEGORIES.map((c) => (
                    <SelectItem key={c} value={c}>
                      {CATEGORY_LABELS[c]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
          </>
        ) : null}

        {step === 4 ? (
          <>
            <DialogHeader>
              <DialogTitle>{S.goalsTitle}</DialogTitle>
              <DialogDescription>{S.goalsText}</DialogDescription>
            </DialogHeader>
            <div className="grid gap-3 sm:grid-cols-3">
              {GOALS.map((g) => {
                const on = goals[g.key];
                const Icon = g.icon;
                return (
                  <button
                    key={g.key}
                    type="button"
                    aria-pressed={on}
                    onClick={() => setGoals({ ...goals, [g.key]: !on })}
                    className={cn(
                      'flex flex-col items-start gap-2 rounded-lg border p-3 text-left transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                      on ? 'border-primary bg-primary/5' : 'hover:bg-slate-50',
                    )}
                  >
                    <span className="flex w-full items-center justify-between">
                      <Icon className="h-5 w-5 text-primary" aria-hidden />
                      {on ? <Check className="h-4 w-4 text-primary" aria-hidden /> : null}
                    </span>
                    <span className="text-sm font-semibold">{g.title}</span>
                    <span className="text-xs text-muted-foreground">{g.text}</span>
                  </button>
                );
              })}
            </div>
          </>
        ) : null}

        {step === 5 ? (
          <>
            <DialogHeader>
              <DialogTitle className="flex items-center gap-2">
                <PartyPopper className="h-5 w-5 text-primary" aria-hidden />
                {S.doneTitle}
              </DialogTitle>
              <DialogDescription>{S.doneText}</DialogDescription>
            </DialogHeader>
          </>
        ) : null}

        <div className="flex items-center justify-between gap-2 pt-2">
          <Button variant="outline" disabled={step === 1 || saving} onClick={() => setStep(step - 1)}>
            {S.previous}
          </Button>
          {step < TOTAL ? (
            <Button disabled={nextDisabled} onClick={() => setStep(step + 1)}>
              {S.next}
            </Button>
          ) : (
            <Button disabled={saving} onClick={() => void finish()}>
              {saving ? S.finishing : S.finish}
            </Button>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
