import { useId, useState } from 'react';
import { Link, useNavigate, useRouterState } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Users, XCircle } from 'lucide-react';
import { z } from 'zod';
import { passwordSchema } from '@shared/schemas/auth';
import { invitationJoinBody, type InvitationPreview } from '@shared/schemas/workspaces';
import { ORGANISATION_ROLE_LABELS } from '@shared/organisation-roles';
import { TERMS_VERSION } from '@shared/plans';
import { api } from '@client/api/http';
import { ApiError } from '@client/api/errors';
import { Button } from '@client/components/ui/button';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { PageSpinner, Spinner } from '@client/components/ui/spinner';
import { toast } from '@client/components/ui/use-toast';
import { usePageTitle } from '@client/hooks/use-page-title';
import { useSchemaForm } from '@client/lib/schema-form';
import { authClient, useSession } from '@client/stores/session';
import { INVITATION_ERRORS } from '@client/features/workspaces/strings';
import { useAcceptInvitation, useInvitationPreview } from '@client/features/workspaces/use-workspaces';
import { AUTH_MESSAGES } from './auth-messages';
import { TermsConsent } from './terms-consent';

const S = {
  title: 'Πρόσκληση στην ομάδα',
  heading: (org: string) => `Πρόσκληση στην ομάδα «${org}»`,
  invitedBy: (who: string | null, role: string) =>
    `${who ? `${who} σας προσκαλεί` : 'Σας προσκαλούν'} να συμμετέχετε ως ${role}. Γράφετε, εγκρίνετε και στέλνετε δελτία τύπου μαζί με την ομάδα.`,
  forEmail: 'Η πρόσκληση είναι για τη διεύθυνση',
  newAccount: 'Δημιουργήστε τον λογαριασμό σας: το email σας επιβεβαιώνεται από τον σύνδεσμο, δεν χρειάζεται έγκριση.',
  name: 'Ονοματεπώνυμο',
  password: 'Κωδικός πρόσβασης',
  confirm: 'Επιβεβαίωση κωδικού',
  join: 'Δημιουργία λογαριασμού και είσοδος στην ομάδα',
  accept: 'Αποδοχή',
  acceptHelp: 'Πατήστε «Αποδοχή» για να μπείτε στην ομάδα με τον λογαριασμό σας.',
  hasAccount: 'Η διεύθυνση έχει ήδη λογαριασμό. Συνδεθείτε και αποδεχτείτε την πρόσκληση με ένα κλικ.',
  signIn: 'Σύνδεση',
  otherAccount: (email: string) =>
    `Είστε συνδεδεμένοι με άλλον λογαριασμό. Η πρόσκληση στάλθηκε στο ${email}: αποσυνδεθείτε και ανοίξτε ξανά τον σύνδεσμο.`,
  signOut: 'Αποσύνδεση',
  notClient: 'Η πρόσκληση αφορά λογαριασμό πελάτη. Συνδεθείτε με τον λογαριασμό της διεύθυνσης που έλαβε την πρόσκληση.',
  welcome: (org: string) => `Καλώς ήρθατε στην ομάδα «${org}».`,
  success: 'Επιτυχία',
  failed: 'Δεν ήταν δυνατή η είσοδος στην ομάδα',
  unknown: 'Ο σύνδεσμος πρόσκλησης δεν είναι έγκυρος.',
} as const;

/** The new person's form: invitationJoinBody's fields, the password typed twice and the terms box. */
const joinForm = z
  .object({
    name: invitationJoinBody.shape.name,
    password: passwordSchema,
    confirmPassword: z.string(),
    consent: z.boolean().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.password !== v.confirmPassword) ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'passwords do not match' });
    if (v.consent !== true) ctx.addIssue({ code: 'custom', path: ['consent'], message: 'the terms of service must be accepted' });
  });

function refusal(err: unknown): string {
  if (err instanceof ApiError) return INVITATION_ERRORS[err.code] ?? err.message ?? S.failed;
  return S.failed;
}

const TEAM_HOME = '/client';

/** A new person: name, password and the terms; the account is created inside the organisation, then signed in. */
function JoinForm({ token, preview }: { token: string; preview: InvitationPreview }) {
  const id = useId();
  const navigate = useNavigate();
  const [submitting, setSubmitting] = useState(false);
  const { form, onSubmit } = useSchemaForm(joinForm, { name: '', password: '', confirmPassword: '' }, { messages: { consent: AUTH_MESSAGES.termsRequired } });
  const invalid = (field: keyof typeof form.formState.errors) => (form.formState.errors[field] ? true : undefined);
  const submit = onSubmit(async ({ name, password }) => {
    setSubmitting(true);
    try {
      await api('POST', '/invitations/join', { body: { token, name, password, terms_accepted: true, terms_version: TERMS_VERSION } });
      // The account exists, its address confirmed: this tab signs in with it.
      await authClient.signInWithPassword(preview.email, password);
      toast({ title: S.success, description: S.welcome(preview.organisation_name), variant: 'success' });
      await navigate({ to: TEAM_HOME, replace: true });
    } catch (err) {
      console.error('Joining from the invitation failed', err);
      toast({ title: S.failed, description: refusal(err), variant: 'destructive' });
    } finally {
      setSubmitting(false);
    }
  });
  return (
    <form onSubmit={submit} noValidate className="space-y-4" data-testid="invitation-join-form">
      <p className="text-sm text-muted-foreground">{S.newAccount}</p>
      <div className="space-y-2">
        <Label htmlFor={`${id}-email`}>Email</Label>
        <Input id={`${id}-email`} type="email" value={preview.email} readOnly disabled />
      </div>
      <div className="space-y-2">
        <Label htmlFor={`${id}-name`}>{S.name} *</Label>
        <Input id={`${id}-name`} autoComplete="name" {...form.register('name')} aria-invalid={invalid('name')} disabled={submitting} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-2">
          <Label htmlFor={`${id}-password`}>{S.password} *</Label>
          <Input id={`${id}-password`} type="password" autoComplete="new-password" {...form.register('password')} aria-invalid={invalid('password')} disabled={submitting} />
        </div>
        <div className="space-y-2">
          <Label htmlFor={`${id}-confirm`}>{S.confirm} *</Label>
          <Input id={`${id}-confirm`} type="password" autoComplete="new-password" {...form.register('confirmPassword')} aria-invalid={invalid('confirmPassword')} disabled={submitting} />
        </div>
      </div>
      <TermsConsent id={`${id}-terms`} input={{ ...form.register('consent'), 'aria-invalid': invalid('consent'), disabled: submitting }} />
      <Button type="submit" className="w-full" disabled={submitting}>
        {submitting ? <Spinner size="sm" className="[&_svg]:text-current" /> : null}
        {S.join}
      </Button>
    </form>
  );
}

/** A signed-in client whose address got the invitation: one click. */
function AcceptButton({ token, preview }: { token: string; preview: InvitationPreview }) {
  const accept = useAcceptInvitation();
  const navigate = useNavigate();
  return (
    <div className="space-y-3">
      <p className="text-sm text-muted-foreground">{S.acceptHelp}</p>
      <Button
        className="w-full"
        disabled={accept.isPending}
        onClick={() =>
          accept.mutate(token, {
            onSuccess: () => {
              toast({ title: S.success, description: S.welcome(preview.organisation_name), variant: 'success' });
              void navigate({ to: TEAM_HOME, replace: true });
            },
            onError: (err) => toast({ title: S.failed, description: refusal(err), variant: 'destructive' }),
          })
        }
      >
        {accept.isPending ? <Spinner size="sm" className="[&_svg]:text-current" /> : null}
        {S.accept}
      </Button>
    </div>
  );
}

/** The page of the invitation e-mail's link (/invitation?token=…): join in one step, or accept in one click. */
export function InvitationPage() {
  usePageTitle(S.title);
  const search = useRouterState({ select: (s) => s.location.search as Record<string, unknown> });
  const token = typeof search.token === 'string' ? search.token : '';
  const preview = useInvitationPreview(token);
  const status = useSession((s) => s.status);
  const profile = useSession((s) => s.profile);
  const qc = useQueryClient();
  const here = `/invitation?token=${encodeURIComponent(token)}`;

  if (token && (preview.isPending || status === 'loading')) return <PageSpinner />;
  if (!token || preview.isError || !preview.data) {
    return (
      <div className="space-y-4 text-center" data-testid="invitation-invalid">
        <XCircle className="mx-auto h-10 w-10 text-red-600" aria-hidden />
        <h1 className="text-2xl font-bold">{S.title}</h1>
        <p role="alert" className="text-sm">
          {preview.isError ? refusal(preview.error) : S.unknown}
        </p>
        <Button asChild variant="outline">
          <Link to="/login">{S.signIn}</Link>
        </Button>
      </div>
    );
  }
  const p = preview.data;
  const signedIn = status === 'signed_in' && profile;
  const sameAddress = signedIn && profile.email.trim().toLowerCase() === p.email.toLowerCase();

  return (
    <div className="space-y-6" data-testid="invitation-page">
      <div className="space-y-2 text-center">
        <Users className="mx-auto h-10 w-10 text-primary" aria-hidden />
        <h1 className="text-2xl font-bold">{S.heading(p.organisation_name)}</h1>
        <p className="text-sm text-muted-foreground">{S.invitedBy(p.inviter_name, ORGANISATION_ROLE_LABELS[p.role])}</p>
        <p className="text-sm">
          {S.forEmail} <span className="font-medium">{p.email}</span>
        </p>
      </div>
      {signedIn ? (
        sameAddress && profile.role === 'client' ? (
          <AcceptButton token={token} preview={p} />
        ) : (
          <div className="space-y-3">
            <p role="alert" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
              {sameAddress ? S.notClient : S.otherAccount(p.email)}
            </p>
            <Button
              variant="outline"
              className="w-full"
              onClick={() =>
                void authClient.signOut('local').then(() => qc.invalidateQueries({ queryKey: ['invitation-preview', token] }))
              }
            >
              {S.signOut}
            </Button>
          </div>
        )
      ) : p.account_exists ? (
        <div className="space-y-3">
          <p className="rounded-md bg-blue-50 p-3 text-sm text-blue-900">{S.hasAccount}</p>
          <Button asChild className="w-full">
            <Link to="/login" search={{ redirect: here }}>
              {S.signIn}
            </Link>
          </Button>
        </div>
      ) : (
        <JoinForm token={token} preview={p} />
      )}
    </div>
  );
}
