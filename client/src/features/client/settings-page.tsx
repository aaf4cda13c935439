import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Loader2, Upload, X } from 'lucide-react';
import { CATEGORIES, CATEGORY_LABELS, DEFAULT_CATEGORY, LIMITS, type Category } from '@shared/constants';
import { Controller } from 'react-hook-form';
import {
  LOGO_MIME_TYPES,
  logoUploadResponse,
  settingsPatch,
  settingsProfile,
  type EmailNotifications,
  type SettingsProfile,
} from '@shared/schemas/dashboard';
import { api, uploadFile } from '@client/api/http';
import { storageErrorMessage } from '@client/api/storage-errors';
import { PageHeader } from '@client/components/page-header';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@client/components/ui/select';
import { Spinner } from '@client/components/ui/spinner';
import { Switch } from '@client/components/ui/switch';
import { toast } from '@client/components/ui/use-toast';
import { useSchemaForm } from '@client/lib/schema-form';
import { useSession } from '@client/stores/session';
import { roleMay } from '@shared/organisation-roles';
import { PlanSection } from './plan-section';
import { DataRightsSection } from '@client/features/data-rights/data-rights-section';

const S = {
  description: 'Το προφίλ της εταιρείας σας, οι ειδοποιήσεις email και τα στοιχεία του λογαριασμού σας.',
  company: 'Προφίλ εταιρείας',
  companyText: 'Τα στοιχεία της εταιρείας σας όπως εμφανίζονται στα δελτία τύπου.',
  companyReadOnly: (org: string) =>
    `Τα στοιχεία του οργανισμού «${org}» τα αλλάζουν ο ιδιοκτήτης και οι διαχειριστές του. Εδώ αλλάζετε μόνο τις δικές σας ρυθμίσεις.`,
  logo: 'Λογότυπο',
  upload: 'Ανέβασμα λογοτύπου',
  uploading: 'Ανέβασμα...',
  removeLogo: 'Αφαίρεση λογοτύπου',
  logoHint: 'PNG, JPEG, WebP ή GIF. Προτεινόμενο μέγεθος 200x200px, έως 2MB.',
  logoType: 'Το λογότυπο πρέπει να είναι εικόνα PNG, JPEG, WebP ή GIF.',
  logoSize: 'Το λογότυπο δεν μπορεί να ξεπερνά τα 2MB.',
  logoError: 'Δεν ήταν δυνατό το ανέβασμα του λογοτύπου.',
  logoUploaded: 'Το λογότυπο ανέβηκε.',
  companyName: 'Όνομα εταιρείας',
  website: 'Domain / ιστοσελίδα',
  badUrl: 'Η διεύθυνση πρέπει να ξεκινά με http:// ή https://',
  defaultCategory: 'Προεπιλεγμένη κατηγορία',
  notifications: 'Ειδοποιήσεις email',
  notificationsText: 'Επιλέξτε ποια email θέλετε να λαμβάνετε.',
  account: 'Λογαριασμός',
  accountText: 'Στοιχεία του λογαριασμού σας (μόνο για ανάγνωση).',
  email: 'Email',
  emailHint: 'Για αλλαγή email επικοινωνήστε με την υποστήριξη.',
  role: 'Ρόλος',
  roleClient: 'Πελάτης',
  since: 'Μέλος από',
  userId: 'ID χρήστη',
  save: 'Αποθήκευση αλλαγών',
  saving: 'Αποθήκευση...',
  success: 'Επιτυχία',
  saved: 'Οι ρυθμίσεις αποθηκεύτηκαν.',
  error: 'Σφάλμα',
  saveError: 'Δεν ήταν δυνατή η αποθήκευση των ρυθμίσεων',
  loadError: 'Δεν ήταν δυνατή η φόρτωση των ρυθμίσεων',
};

const SWITCHES: { key: keyof EmailNotifications; title: string; text: string }[] = [
  { key: 'press_release_sent', title: 'Αποστολή δελτίου τύπου', text: 'Email όταν ένα δελτίο τύπου σας αποσταλεί.' },
  { key: 'reporting_updates', title: 'Ενημερώσεις αναφορών', text: 'Email με νέα ανοίγματα, κλικ και δημοσιεύσεις.' },
  { key: 'weekly_summary', title: 'Εβδομαδιαία σύνοψη', text: 'Μια σύνοψη της εβδομάδας κάθε Δευτέρα.' },
  { key: 'system_updates', title: 'Ενημερώσεις συστήματος', text: 'Σημαντικές αλλαγές και ανακοινώσεις της πλατφόρμας.' },
];

// The Newsroom section (its own form and endpoint) loads with the page, in its own chunk.
const NewsroomSettingsCard = lazy(() => import('./newsroom-settings').then((m) => ({ default: m.NewsroomSettingsCard })));
// The sending domains (DKIM, DNS records) likewise.
const SendingDomainsSection = lazy(() =>
  import('@client/features/deliverability/sending-domains-section').then((m) => ({ default: m.SendingDomainsSection })),
);

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return (parts.length > 1 ? `${parts[0]![0]}${parts[1]![0]}` : (parts[0] ?? '?').slice(0, 2)).toUpperCase();
}

async function uploadLogo(file: File): Promise<string> {
  return (await uploadFile('/profile/logo', file, logoUploadResponse)).url;
}

export function ClientSettingsPage() {
  // The one profile source: the session store (kept current live by profile:changed).
  const profile = useSession((st) => st.profile);
  const [loadFailed, setLoadFailed] = useState(false);
  useEffect(() => {
    if (profile) return;
    // Signed in without a profile: its load failed; try once more, then say so.
    void useSession
      .getState()
      .loadProfile()
      .then((p) => {
        if (p) return;
        setLoadFailed(true);
        toast({ title: S.error, description: S.loadError, variant: 'destructive' });
      });
  }, [profile]);

  if (!profile) {
    return (
      <>
        <PageHeader description={S.description} />
        <div className="flex justify-center py-16">{loadFailed ? <p className="text-sm text-red-700">{S.loadError}</p> : <Spinner />}</div>
      </>
    );
  }
  return <SettingsForm profile={profile} />;
}

/** The settings form, checked against the shared settingsPatch (the server's PATCH /profile rules). */
function SettingsForm({ profile }: { profile: SettingsProfile }) {
  const { form, onSubmit } = useSchemaForm(settingsPatch, {
    organization: profile.organization ?? '',
    website: profile.website ?? '',
    default_category: profile.default_category ?? DEFAULT_CATEGORY,
    company_logo_url: profile.company_logo_url,
    email_notifications: profile.email_notifications,
  });
  const [saving, setSaving] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [logoBroken, setLogoBroken] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);
  const logoUrl = form.watch('company_logo_url');
  const organization = form.watch('organization');
  const websiteBad = !!form.formState.errors.website;
  // The company profile is the active organisation's: its owners and admins change it (the server checks 'settings.update').
  const mayEditCompany = !profile.organisation || roleMay(profile.organisation.role, 'settings.update');

  async function onFile(file: File | undefined) {
    if (!file) return;
    if (!(LOGO_MIME_TYPES as readonly string[]).includes(file.type)) {
      toast({ title: S.error, description: S.logoType, variant: 'destructive' });
      return;
    }
    if (file.size > LIMITS.logoMaxBytes) {
      toast({ title: S.error, description: S.logoSize, variant: 'destructive' });
      return;
    }
    setUploading(true);
    try {
      const url = await uploadLogo(file);
      setLogoBroken(false);
      form.setValue('company_logo_url', url);
      toast({ title: S.success, description: S.logoUploaded, variant: 'success' });
      void useSession.getState().loadProfile();
    } catch (err) {
      const code = (err as { code?: string }).code;
      const description =
        storageErrorMessage(err) ?? (code === 'file_too_large' ? S.logoSize : code === 'unsupported_file_type' ? S.logoType : S.logoError);
      toast({ title: S.error, description, variant: 'destructive' });
    } finally {
      setUploading(false);
      if (fileRef.current) fileRef.current.value = '';
    }
  }

  const save = onSubmit(async (patch) => {
    setSaving(true);
    try {
      const body = mayEditCompany
        ? patch
        : { ...patch, organization: undefined, website: undefined, default_category: undefined, company_logo_url: undefined };
      const updated = await api('PATCH', '/profile', { body, schema: settingsProfile });
      useSession.getState().setProfile(updated);
      toast({ title: S.success, description: S.saved, variant: 'success' });
    } catch (err) {
      console.error('Settings save failed', err);
      toast({ title: S.error, description: S.saveError, variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  });

  return (
    <>
      <PageHeader description={S.description} />
      <form onSubmit={save} noValidate className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <Card>
            <CardHeader>
              <CardTitle className="text-lg">{S.company}</CardTitle>
              <CardDescription>{S.companyText}</CardDescription>
            </CardHeader>
            <CardContent className="space-y-5">
              {mayEditCompany ? null : (
                <p className="rounded-md border bg-slate-50 p-3 text-sm text-muted-foreground" data-testid="company-read-only">
                  {S.companyReadOnly(profile.organisation?.name ?? profile.organization ?? '')}
                </p>
              )}
              <fieldset disabled={!mayEditCompany} className="space-y-5">
                <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
                  <div className="flex h-20 w-20 shrink-0 items-center justify-center overflow-hidden rounded-lg border bg-slate-100" data-testid="logo-preview">
                    {logoUrl && !logoBroken ? (
                      <img src={logoUrl} alt={S.logo} className="h-full w-full object-contain" onError={() => setLogoBroken(true)} />
                    ) : (
                      <span className="text-xl font-bold text-slate-500" aria-label={S.logo}>
                        {initials(organization || profile.name)}
                      </span>
                    )}
                  </div>
                  <div className="space-y-2">
                    <div className="flex flex-wrap gap-2">
                      <input
                        ref={fileRef}
                        type="file"
                        accept={LOGO_MIME_TYPES.join(',')}
                        className="sr-only"
                        id="logo-file"
                        data-testid="logo-file"
                        onChange={(e) => void onFile(e.target.files?.[0])}
                      />
                      <Button type="button" variant="outline" disabled={uploading} onClick={() => fileRef.current?.click()}>
                        {uploading ? <Loader2 className="animate-spin" aria-hidden /> : <Upload aria-hidden />}
                        {uploading ? S.uploading : S.upload}
                      </Button>
                      {logoUrl ? (
                        <Button type="button" variant="ghost" onClick={() => form.setValue('company_logo_url', null)}>
                          <X aria-hidden />
                          {S.removeLogo}
                        </Button>
                      ) : null}
                    </div>
                    <p className="text-xs text-muted-foreground">{S.logoHint}</p>
                  </div>
                </div>
                <div className="grid gap-4 sm:grid-cols-2">
                  <div className="space-y-1.5">
                    <Label htmlFor="set-org">{S.companyName}</Label>
                    <Input id="set-org" {...form.register('organization')} />
                  </div>
                  <div className="space-y-1.5">
                    <Label htmlFor="set-web">{S.website}</Label>
                    <Input
                      id="set-web"
                      type="url"
                      placeholder="https://"
                      {...form.register('website')}
                      aria-invalid={websiteBad || undefined}
                    />
                    {websiteBad ? <p className="text-xs text-red-700">{S.badUrl}</p> : null}
                  </div>
                  <div className="space-y-1.5">
                    <Label htmlFor="set-cat">{S.defaultCategory}</Label>
                    <Controller
                      control={form.control}
                      name="default_category"
                      render={({ field }) => (
                        <Select value={field.value ?? DEFAULT_CATEGORY} onValueChange={(v) => field.onChange(v as Category)}>
                          <SelectTrigger id="set-cat">
                            <SelectValue />
                          </SelectTrigger>
                          <SelectContent>
                            {CATEGORIES.map((c) => (
                              <SelectItem key={c} value={c}>
                                {CATEGORY_LABELS[c]}
                              </SelectItem>
                            ))}
                          </SelectContent>
                        </Select>
                      )}
                    />
                  </div>
                </div>
              </fieldset>
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle className="text-lg">{S.notifications}</CardTitle>
              <CardDescription>{S.notificationsText}</CardDescription>
            </CardHeader>
            <CardContent className="divide-y">
              {SWITCHES.map((s) => (
                <div key={s.key} className="flex items-center justify-between gap-4 py-3 first:pt-0 last:pb-0">
                  <div>
                    <Label htmlFor={`sw-${s.key}`} className="text-sm font-medium">
                      {s.title}
                    </Label>
                    <p className="text-xs text-muted-foreground">{s.text}</p>
                  </div>
                  <Controller
                    control={form.control}
                    name={`email_notifications.${s.key}`}
                    render={({ field }) => <Switch id={`sw-${s.key}`} checked={!!field.value} onCheckedChange={field.onChange} />}
                  />
                </div>
              ))}
            </CardContent>
          </Card>
        </div>

        <div className="space-y-6">
          <PlanSection />
          <Card>
            <CardHeader>
              <CardTitle className="text-lg">{S.account}</CardTitle>
              <CardDescription>{S.accountText}</CardDescription>
            </CardHeader>
            <CardContent className="space-y-4 text-sm">
              <div className="space-y-1.5">
                <Label htmlFor="set-email">{S.email}</Label>
                <Input id="set-email" value={profile.email} readOnly disabled aria-describedby="set-email-hint" />
                <p id="set-email-hint" className="text-xs text-muted-foreground">
                  {S.emailHint}
                </p>
              </div>
              <dl className="grid grid-cols-[auto,1fr] gap-x-4 gap-y-2">
                <dt className="text-muted-foreground">{S.role}</dt>
                <dd data-testid="account-role">
                  <Badge variant="secondary">{S.roleClient}</Badge>
                </dd>
                <dt className="text-muted-foreground">{S.since}</dt>
                <dd data-testid="account-year">{new Date(profile.created_at).getFullYear()}</dd>
                <dt className="text-muted-foreground">{S.userId}</dt>
                <dd className="break-all font-mono text-xs" data-testid="account-id">
                  {profile.user_id}
                </dd>
              </dl>
            </CardContent>
          </Card>
          <Button type="submit" className="w-full" disabled={saving || websiteBad}>
            {saving ? <Loader2 className="animate-spin" aria-hidden /> : null}
            {saving ? S.saving : S.save}
          </Button>
        </div>
      </form>
      <div className="mt-6 lg:w-[calc(66.667%-0.5rem)]">
        <Suspense fallback={null}>
          <NewsroomSettingsCard />
        </Suspense>
      </div>
      <div className="mt-6 lg:w-[calc(66.667%-0.5rem)]">
        <Suspense fallback={null}>
          <SendingDomainsSection />
        </Suspense>
      </div>
      <div className="mt-6 lg:w-[calc(66.667%-0.5rem)]"><DataRightsSection /></div>
    </>
  );
}
