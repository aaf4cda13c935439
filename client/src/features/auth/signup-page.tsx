import { useId, useState } from 'react';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { Building2, Newspaper } from 'lucide-react';
import { signupForm } from '@shared/schemas/auth';
import { DEFAULT_PLAN, TERMS_VERSION, TRIAL_DAYS } from '@shared/plans';
import { Button } from '@client/components/ui/button';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { Spinner } from '@client/components/ui/spinner';
import { Textarea } from '@client/components/ui/textarea';
import { toast } from '@client/components/ui/use-toast';
import { FieldMessage } from '@client/components/ui/field-message';
import { FORM_MESSAGES, fieldMessages } from '@client/lib/form-messages';
import { useSchemaForm } from '@client/lib/schema-form';
import { useRouteTitle } from '@client/hooks/use-page-title';
import { cn } from '@client/lib/utils';
import { authClient } from '@client/stores/session';
import { AUTH_MESSAGES, signupErrorMessage } from './auth-messages';
import { TermsConsent } from './terms-consent';

const signupRoute = getRouteApi('/_auth/signup');

type UserType = 'client' | 'media';

const PLACEHOLDERS: Record<UserType | 'none', { name: string; organization: string; description: string }> = {
  client: {
    name: 'π.χ. Μαρία Παπαδοπούλου',
    organization: 'π.χ. Αιγαίο Τεχνολογίες Α.Ε.',
    description: 'Λίγα λόγια για την εταιρεία σας και τι ανακοινώνετε',
  },
  media: {
    name: 'π.χ. Νίκος Γεωργίου, δημοσιογράφος',
    organization: 'π.χ. Καθημερινή Ψηφιακή',
    description: 'Ποια θέματα καλύπτετε (π.χ. τεχνολογία, οικονομία, πολιτισμός)',
  },
  none: { name: 'Ονοματεπώνυμο', organization: 'Εταιρεία ή μέσο', description: 'Σύντομη περιγραφή' },
};

type SignupField = 'userType' | 'name' | 'email' | 'password' | 'confirmPassword' | 'organization' | 'description' | 'consent';

/** The form's messages: the shared table, with the terms' own wording for the consent box. */
const FIELD_MESSAGES = { ...FORM_MESSAGES, consent: AUTH_MESSAGES.termsRequired };

const PLAN_NAMES: Record<string, string> = { starter: 'Starter', pro: 'Pro', enterprise: 'Enterprise' };

export function SignupPage() {
  const title = useRouteTitle();
  const id = useId();
  const navigate = useNavigate();
  const { role, plan } = signupRoute.useSearch();
  const { form, onSubmit } = useSchemaForm(signupForm, {
    name: '',
    email: '',
    password: '',
    confirmPassword: '',
    userType: role,
    organization: '',
    description: '',
  }, { messages: { consent: AUTH_MESSAGES.termsRequired } });
  const [submitting, setSubmitting] = useState(false);
  const userType = form.watch('userType');
  const ph = PLACEHOLDERS[userType ?? 'none'];
  // Each field's own message, under it (the form's first one also shows as a toast).
  const messages = fieldMessages(form.formState.errors, form.getValues(), FIELD_MESSAGES);
  const passwordRuleId = `${id}-password-rule`;
  /** A field's error state and the lines that describe it (its message; the password's rule). */
  const field = (name: SignupField, hintId?: string) => {
    const message = messages[name];
    // The password's rule is its hint: too short, the hint itself turns red rather than repeating.
    const ownLine = message && !(hintId && message === FORM_MESSAGES.passwordTooShort);
    const describedBy = [hintId, ownLine ? `${id}-${name}-error` : undefined].filter(Boolean).join(' ');
    return {
      'aria-invalid': message ? (true as const) : undefined,
      'aria-describedby': describedBy || undefined,
    };
  };
  const errorLine = (name: SignupField) => {
    const message = messages[name];
    if (!message || (name === 'password' && message === FORM_MESSAGES.passwordTooShort)) return null;
    return <FieldMessage id={`${id}-${name}-error`} message={message} />;
  };

  // The plan chosen on the pricing page (a client's; unknown codes are left to the server's default).
  const chosenPlan = plan && PLAN_NAMES[plan] ? plan : undefined;
  const submit = onSubmit(async ({ userType: role, name, email, password, organization, description }) => {
    setSubmitting(true);
    try {
      await authClient.signUp({
        email,
        password,
        data: { role, name, organization, description },
        ...(role === 'client' && chosenPlan ? { plan: chosenPlan } : {}),
        terms_accepted: true,
        terms_version: TERMS_VERSION,
        redirect_to: '/',
      });
      toast({ title: AUTH_MESSAGES.signupSuccessTitle, description: AUTH_MESSAGES.signupSuccess, variant: 'success' });
      await navigate({ to: '/login' });
    } catch (err) {
      toast({ title: AUTH_MESSAGES.signupFailedTitle, description: signupErrorMessage(err), variant: 'destructive' });
    } finally {
      setSubmitting(false);
    }
  });

  return (
    <div className="space-y-6" data-preselected-role={role}>
      <div className="space-y-1.5 text-center">
        <h1 className="text-2xl font-bold">{title}</h1>
        <p className="text-sm text-muted-foreground">Δημιουργήστε λογαριασμό πελάτη ή media.</p>
        {userType !== 'media' ? (
          <p className="text-sm" data-testid="signup-plan" data-plan={chosenPlan ?? DEFAULT_PLAN}>
            {chosenPlan ? 'Επιλεγμένο πλάνο' : 'Πλάνο δοκιμής'}: <span className="font-semibold">{PLAN_NAMES[chosenPlan ?? DEFAULT_PLAN]}</span> ·{' '}
            {TRIAL_DAYS} ημέρες δωρεάν, χωρίς κάρτα
          </p>
        ) : null}
      </div>
      <p className="rounded-md bg-blue-50 p-3 text-sm text-blue-900" data-testid="approval-note">
        {AUTH_MESSAGES.approvalNote}
      </p>
      <form onSubmit={submit} noValidate className="space-y-4">
        <fieldset className="space-y-2" disabled={submitting}>
          <legend className="text-sm font-medium">Τύπος χρήστη *</legend>
          <div className="grid grid-cols-2 gap-3" role="radiogroup" {...field('userType')}>
            {(
              [
                { value: 'client', label: 'Πελάτης', hint: 'Στέλνω δελτία τύπου', Icon: Building2 },
                { value: 'media', label: 'Media', hint: 'Λαμβάνω δελτία τύπου', Icon: Newspaper },
              ] as const
            ).map(({ value, label, hint, Icon }) => (
              <label
                key={value}
                className={cn(
                  'flex cursor-pointer flex-col gap-1 rounded-md border p-3 text-sm transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                  userType === value ? 'border-primary bg-primary/5' : 'hover:bg-muted',
                )}
              >
                <input type="radio" value={value} {...form.register('userType')} className="sr-only" />
                <span className="flex items-center gap-2 font-medium">
                  <Icon className="h-4 w-4" aria-hidden /> {label}
                </span>
                <span className="text-muted-foreground">{hint}</span>
              </label>
            ))}
          </div>
          {errorLine('userType')}
        </fieldset>
        <div className="space-y-2">
          <Label htmlFor={`${id}-name`}>Ονοματεπώνυμο *</Label>
          <Input id={`${id}-name`} autoComplete="name" placeholder={ph.name} {...form.register('name')} {...field('name')} disabled={submitting} />
          {errorLine('name')}
        </div>
        <div className="space-y-2">
          <Label htmlFor={`${id}-email`}>Email *</Label>
          <Input id={`${id}-email`} type="email" autoComplete="email" placeholder="name@example.gr" {...form.register('email')} {...field('email')} disabled={submitting} />
          {errorLine('email')}
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="space-y-2">
            <Label htmlFor={`${id}-password`}>Κωδικός πρόσβασης *</Label>
            <Input id={`${id}-password`} type="password" autoComplete="new-password" {...form.register('password')} {...field('password', passwordRuleId)} disabled={submitting} />
            <FieldMessage
              id={passwordRuleId}
              message={FORM_MESSAGES.passwordTooShort}
              error={messages.password === FORM_MESSAGES.passwordTooShort}
            />
            {errorLine('password')}
          </div>
          <div className="space-y-2">
            <Label htmlFor={`${id}-confirm`}>Επιβεβαίωση κωδικού *</Label>
            <Input id={`${id}-confirm`} type="password" autoComplete="new-password" {...form.register('confirmPassword')} {...field('confirmPassword')} disabled={submitting} />
            {errorLine('confirmPassword')}
          </div>
        </div>
        <div className="space-y-2">
          <Label htmlFor={`${id}-org`}>Εταιρεία / Μέσο</Label>
          <Input id={`${id}-org`} autoComplete="organization" placeholder={ph.organization} {...form.register('organization')} {...field('organization')} disabled={submitting} />
          {errorLine('organization')}
        </div>
        <div className="space-y-2">
          <Label htmlFor={`${id}-desc`}>Περιγραφή</Label>
          <Textarea id={`${id}-desc`} rows={3} placeholder={ph.description} {...form.register('description')} {...field('description')} disabled={submitting} />
          {errorLine('description')}
        </div>
        <div className="space-y-2">
          <TermsConsent id={`${id}-terms`} input={{ ...form.register('consent'), ...field('consent'), disabled: submitting }} />
          {errorLine('consent')}
        </div>
        <Button type="submit" className="w-full" disabled={submitting}>
          {submitting ? <Spinner size="sm" className="[&_svg]:text-current" /> : null}
          Δημιουργία λογαριασμού
        </Button>
      </form>
      <p className="text-center text-sm text-muted-foreground">
        Έχετε ήδη λογαριασμό;{' '}
        <Link to="/login" className="font-medium text-primary hover:underline">
          Σύνδεση
        </Link>
      </p>
    </div>
  );
}
