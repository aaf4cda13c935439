import { useId, useState, type FormEvent } from 'react';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { Building2, Newspaper } from 'lucide-react';
import { LIMITS } from '@shared/constants';
import { Button } from '@client/components/ui/button';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { Spinner } from '@client/components/ui/spinner';
import { Textarea } from '@client/components/ui/textarea';
import { toast } from '@client/components/ui/use-toast';
import { useRouteTitle } from '@client/hooks/use-page-title';
import { cn } from '@client/lib/utils';
import { authClient } from '@client/stores/session';
import { AUTH_MESSAGES, signupErrorMessage } from './auth-messages';

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

const PLAN_NAMES: Record<string, string> = { starter: 'Starter', pro: 'Pro', enterprise: 'Enterprise' };

export function SignupPage() {
  const title = useRouteTitle();
  const id = useId();
  const navigate = useNavigate();
  const { role, plan } = signupRoute.useSearch();
  const [form, setForm] = useState({
    name: '',
    email: '',
    password: '',
    confirmPassword: '',
    userType: (role ?? '') as UserType | '',
    organization: '',
    description: '',
  });
  const [submitting, setSubmitting] = useState(false);
  const ph = PLACEHOLDERS[form.userType || 'none'];
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [k]: e.target.value }));

  function fail(description: string) {
    toast({ title: 'Σφάλμα', description, variant: 'destructive' });
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!form.name.trim() || !form.email.trim() || !form.password || !form.userType) return fail(AUTH_MESSAGES.fillRequired);
    if (form.password !== form.confirmPassword) return fail(AUTH_MESSAGES.passwordsMismatch);
    if (form.password.length < LIMITS.passwordMinLength) return fail(AUTH_MESSAGES.passwordTooShort);
    setSubmitting(true);
    try {
      await authClient.signUp({
        email: form.email.trim(),
        password: form.password,
        data: {
          role: form.userType,
          name: form.name.trim(),
          organization: form.organization.trim() || null,
          description: form.description.trim() || null,
        },
        redirect_to: '/',
      });
      toast({ title: AUTH_MESSAGES.signupSuccessTitle, description: AUTH_MESSAGES.signupSuccess, variant: 'success' });
      await navigate({ to: '/login' });
    } catch (err) {
      toast({ title: AUTH_MESSAGES.signupFailedTitle, description: signupErrorMessage(err), variant: 'destructive' });
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <div className="space-y-6" data-preselected-role={role}>
      <div className="space-y-1.5 text-center">
        <h1 className="text-2xl font-bold">{title}</h1>
        <p className="text-sm text-muted-foreground">Δημιουργήστε λογαριασμό πελάτη ή media.</p>
        {plan && PLAN_NAMES[plan] ? (
          <p className="text-sm">
            Επιλεγμένο πλάνο: <span className="font-semibold">{PLAN_NAMES[plan]}</span> · 14 ημέρες δωρεάν, χωρίς κάρτα
          </p>
        ) : null}
      </div>
      <p className="rounded-md bg-blue-50 p-3 text-sm text-blue-900" data-testid="approval-note">
        {AUTH_MESSAGES.approvalNote}
      </p>
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-4">
        <fieldset className="space-y-2" disabled={submitting}>
          <legend className="text-sm font-medium">Τύπος χρήστη *</legend>
          <div className="grid grid-cols-2 gap-3" role="radiogroup">
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
                  form.userType === value ? 'border-primary bg-primary/5' : 'hover:bg-muted',
                )}
              >
                <input
                  type="radio"
                  name="userType"
                  value={value}
                  checked={form.userType === value}
                  onChange={() => setForm((f) => ({ ...f, userType: value }))}
                  className="sr-only"
                />
                <span className="flex items-center gap-2 font-medium">
                  <Icon className="h-4 w-4" aria-hidden /> {label}
                </span>
                <span className="text-muted-foreground">{hint}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <div className="space-y-2">
          <Label htmlFor={`${id}-name`}>Ονοματεπώνυμο *</Label>
          <Input id={`${id}-name`} name="name" autoComplete="name" placeholder={ph.name} value={form.name} onChange={set('name')} disabled={submitting} />
        </div>
        <div className="space-y-2">
          <Label htmlFor={`${id}-email`}>Email *</Label>
          <Input id={`${id}-email`} name="email" type="email" autoComplete="email" placeholder="name@example.gr" value={form.email} onChange={set('email')} disabled={submitting} />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="space-y-2">
            <Label htmlFor={`${id}-password`}>Κωδικός πρόσβασης *</Label>
            <Input id={`${id}-password`} name="password" type="password" autoComplete="new-password" value={form.password} onChange={set('password')} disabled={submitting} />
          </div>
          <div className="space-y-2">
            <Label htmlFor={`${id}-confirm`}>Επιβεβαίωση κωδικού *</Label>
            <Input id={`${id}-confirm`} name="confirmPassword" type="password" autoComplete="new-password" value={form.confirmPassword} onChange={set('confirmPassword')} disabled={submitting} />
          </div>
        </div>
        <div className="space-y-2">
          <Label htmlFor={`${id}-org`}>Εταιρεία / Μέσο</Label>
          <Input id={`${id}-org`} name="organization" autoComplete="organization" placeholder={ph.organization} value={form.organization} onChange={set('organization')} disabled={submitting} />
        </div>
        <div className="space-y-2">
          <Label htmlFor={`${id}-desc`}>Περιγραφή</Label>
          <Textarea id={`${id}-desc`} name="description" rows={3} placeholder={ph.description} value={form.description} onChange={set('description')} disabled={submitting} />
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
