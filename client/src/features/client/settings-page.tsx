import { useEffect, useRef, useState } from 'react';
import { Loader2, Upload, X } from 'lucide-react';
import { CATEGORIES, CATEGORY_LABELS, DEFAULT_CATEGORY, LIMITS, type Category } from '@shared/constants';
import { LOGO_MIME_TYPES, logoUploadResponse, settingsProfile, type EmailNotifications } from '@shared/schemas/dashboard';
import { api, uploadFile } from '@client/api/http';
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
import { useSession } from '@client/stores/session';

const S = {
  description: 'Το προφίλ της εταιρείας σας, οι ειδοποιήσεις email και τα στοιχεία του λογαριασμού σας.',
  company: 'Προφίλ εταιρείας',
  companyText: 'Τα στοιχεία της εταιρείας σας όπως εμφανίζονται στα δελτία τύπου.',
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

const URL_RE = /^https?:\/\/[^\s]+$/i;

interface Form {
  organization: string;
  website: string;
  defaultCategory: Category;
  logoUrl: string | null;
  notifications: EmailNotifications;
}

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
  const [form, setForm] = useState<Form | null>(null);
  const [saving, setSaving] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [logoBroken, setLogoBroken] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (profile && !form) {
      setForm({
        organization: profile.organization ?? '',
        website: profile.website ?? '',
        defaultCategory: profile.default_category ?? DEFAULT_CATEGORY,
        logoUrl: profile.company_logo_url,
        notifications: profile.email_notifications,
      });
    }
  }, [profile, form]);
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

  if (!profile || !form) {
    return (
      <>
        <PageHeader description={S.description} />
        <div className="flex justify-center py-16">{loadFailed ? <p className="text-sm text-red-700">{S.loadError}</p> : <Spinner />}</div>
      </>
    );
  }
  const websiteBad = form.website.trim() !== '' && !URL_RE.test(form.website.trim());

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
      setForm((f) => (f ? { ...f, logoUrl: url } : f));
      toast({ title: S.success, description: S.logoUploaded, variant: 'success' });
      void useSession.getState().loadProfile();
    } catch (err) {
      const code = (err as { code?: string }).code;
      const description = code === 'file_too_large' ? S.logoSize : code === 'unsupported_file_type' ? S.logoType : S.logoError;
      toast({ title: S.error, description, variant: 'destructive' });
    } finally {
      setUploading(false);
      if (fileRef.current) fileRef.current.value = '';
    }
  }

  async function save(e: React.FormEvent) {
    e.preventDefault();
    if (!form || websiteBad) return;
    setSaving(true);
    try {
      const updated = await api('PATCH', '/profile', {
        body: {
          organization: form.organization.trim() || null,
          website: form.website.trim() || null,
          default_category: form.defaultCategory,
          company_logo_url: form.logoUrl,
          email_notifications: form.notifications,
        },
        schema: settingsProfile,
      });
      useSession.getState().setProfile(updated);
      toast({ title: S.success, description: S.saved, variant: 'success' });
    } catch (err) {
      console.error('Settings save failed', err);
      toast({ title: S.error, description: S.saveError, variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  }

  return (
    <>
      <PageHeader description={S.description} />
      <form onSubmit={(e) => void save(e)} className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <Card>
            <CardHeader>
              <CardTitle className="text-lg">{S.company}</CardTitle>
              <CardDescription>{S.companyText}</CardDescription>
            </CardHeader>
            <CardContent className="space-y-5">
              <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
                <div className="flex h-20 w-20 shrink-0 items-center justify-center overflow-hidden rounded-lg border bg-slate-100" data-testid="logo-preview">
                  {form.logoUrl && !logoBroken ? (
                    <img src={form.logoUrl} alt={S.logo} className="h-full w-full object-contain" onError={() => setLogoBroken(true)} />
                  ) : (
                    <span className="text-xl font-bold text-slate-500" aria-label={S.logo}>
                      {initials(form.organization || profile.name)}
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
                    {form.logoUrl ? (
                      <Button type="button" variant="ghost" onClick={() => setForm({ ...form, logoUrl: null })}>
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
                  <Input id="set-org" value={form.organization} onChange={(e) => setForm({ ...form, organization: e.target.value })} />
                </div>
                <div className="space-y-1.5">
                  <Label htmlFor="set-web">{S.website}</Label>
                  <Input
                    id="set-web"
                    type="url"
                    placeholder="https://"
                    value={form.website}
                    aria-invalid={websiteBad}
                    onChange={(e) => setForm({ ...form, website: e.target.value })}
                  />
                  {websiteBad ? <p className="text-xs text-red-700">{S.badUrl}</p> : null}
                </div>
                <div className="space-y-1.5">
                  <Label htmlFor="set-cat">{S.defaultCategory}</Label>
                  <Select value={form.defaultCategory} onValueChange={(v) => setForm({ ...form, defaultCategory: v as Category })}>
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
                </div>
              </div>
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
                  <Switch
                    id={`sw-${s.key}`}
                    checked={form.notifications[s.key]}
                    onCheckedChange={(v) => setForm({ ...form, notifications: { ...form.notifications, [s.key]: v } })}
                  />
                </div>
              ))}
            </CardContent>
          </Card>
        </div>

        <div className="space-y-6">
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
    </>
  );
}
