import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, ExternalLink, Loader2, Newspaper, X } from 'lucide-react';
import { Controller } from 'react-hook-form';
import {
  BOILERPLATE_MAX,
  newsroomSettings,
  newsroomSettingsBody,
  slugAvailability,
  type NewsroomSettings,
  type NewsroomSettingsBody,
} from '@shared/schemas/newsroom';
import { slugify, NEWSROOM_SLUG } from '@shared/slug';
import { api, ApiError } from '@client/api/http';
import { queryKeys } from '@client/api/query-keys';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { Spinner } from '@client/components/ui/spinner';
import { Switch } from '@client/components/ui/switch';
import { Textarea } from '@client/components/ui/textarea';
import { toast } from '@client/components/ui/use-toast';
import { useSchemaForm } from '@client/lib/schema-form';
import { roleMay } from '@shared/organisation-roles';
import { useActiveOrganisation } from '@client/features/workspaces/use-workspaces';
import { count } from '@shared/plural';

const S = {
  title: 'Newsroom',
  text: 'Η δημόσια σελίδα του οργανισμού σας με τα δελτία τύπου που έχετε στείλει: ανοιχτή σε όλους και στις μηχανές αναζήτησης. Τα δελτία υπό εμβάργκο εμφανίζονται μόλις λήξει.',
  enabled: 'Δημόσιο newsroom',
  enabledText: 'Όταν είναι κλειστό, η σελίδα και η ροή Atom του newsroom δεν είναι διαθέσιμες.',
  slug: 'Διεύθυνση',
  slugHint: 'Λατινικά πεζά, αριθμοί και παύλες· τα ελληνικά μεταγράφονται αυτόματα.',
  checking: 'Έλεγχος διαθεσιμότητας...',
  available: 'Η διεύθυνση είναι διαθέσιμη',
  boilerplate: '«Σχετικά με» τον οργανισμό',
  boilerplateHint: 'Εμφανίζεται κάτω από κάθε δελτίο, στο newsroom και στο email των δημοσιογράφων.',
  contact: 'Επικοινωνία για τον Τύπο',
  contactText: 'Ο υπεύθυνος επικοινωνίας που βλέπουν οι δημοσιογράφοι σε κάθε δελτίο.',
  contactName: 'Όνομα',
  contactEmail: 'Email',
  contactPhone: 'Τηλέφωνο',
  open: 'Άνοιγμα newsroom',
  published: (n: number) => (count(n, 'δημόσιο δελτίο τύπου', 'δημόσια δελτία τύπου')),
  save: 'Αποθήκευση newsroom',
  readOnly: 'Το newsroom ανήκει στον οργανισμό: το αλλάζουν ο ιδιοκτήτης και οι διαχειριστές του.',
  saving: 'Αποθήκευση...',
  saved: 'Οι ρυθμίσεις του newsroom αποθηκεύτηκαν.',
  success: 'Επιτυχία',
  error: 'Σφάλμα',
  saveError: 'Δεν ήταν δυνατή η αποθήκευση των ρυθμίσεων',
  loadError: 'Δεν ήταν δυνατή η φόρτωση των ρυθμίσεων του newsroom',
  retry: 'Δοκίμασε ξανά',
  chars: (n: number) => `${n.toLocaleString('el-GR')}/${BOILERPLATE_MAX.toLocaleString('el-GR')}`,
};

const FIELDS = ['newsroom_slug', 'newsroom_enabled', 'boilerplate', 'press_contact_name', 'press_contact_email', 'press_contact_phone'] as const;

const useNewsroomSettings = () =>
  useQuery({ queryKey: queryKeys.newsroom, queryFn: ({ signal }) => api('GET', '/newsroom/settings', { schema: newsroomSettings, signal }) });

/** The client settings' Newsroom section: the address (checked as it is typed), the switch, «Σχετικά με» and the press contact. */
export function NewsroomSettingsCard() {
  const settings = useNewsroomSettings();
  if (settings.isPending) {
    return (
      <Card>
        <CardContent className="flex justify-center py-10">
          <Spinner />
        </CardContent>
      </Card>
    );
  }
  if (!settings.data) {
    return (
      <Card>
        <CardContent className="flex flex-col items-center gap-3 py-10 text-sm">
          <p className="text-red-700">{S.loadError}</p>
          <Button variant="outline" onClick={() => void settings.refetch()}>
            {S.retry}
          </Button>
        </CardContent>
      </Card>
    );
  }
  return <NewsroomForm settings={settings.data} />;
}

function defaultsOf(s: NewsroomSettings): NewsroomSettingsBody {
  return {
    newsroom_slug: s.newsroom_slug ?? s.suggested_slug,
    newsroom_enabled: s.newsroom_enabled,
    boilerplate: s.boilerplate ?? '',
    press_contact_name: s.press_contact_name ?? '',
    press_contact_email: s.press_contact_email ?? '',
    press_contact_phone: s.press_contact_phone ?? '',
  };
}

/** Whether `slug` is free, asked of the server a moment after typing stops (the user's own address is free). */
function useSlugCheck(slug: string, saved: string | null) {
  const [asked, setAsked] = useState(slug);
  useEffect(() => {
    const t = setTimeout(() => setAsked(slug), 300);
    return () => clearTimeout(t);
  }, [slug]);
  return useQuery({
    queryKey: queryKeys.newsroomSlug(asked),
    queryFn: ({ signal }) => api('GET', `/newsroom/slug-availability?slug=${encodeURIComponent(asked)}`, { schema: slugAvailability, signal }),
    enabled: asked !== '' && asked !== saved,
    staleTime: 5_000,
  });
}

function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p id={id} className="text-xs text-red-700">
      {message}
    </p>
  ) : null;
}

function NewsroomForm({ settings }: { settings: NewsroomSettings }) {
  const qc = useQueryClient();
  const { form, onSubmit } = useSchemaForm(newsroomSettingsBody, defaultsOf(settings));
  const [saving, setSaving] = useState(false);
  // The newsroom is the organisation's: owners and admins edit it, everyone else reads it.
  const mayEdit = roleMay(useActiveOrganisation().organisation?.role, 'newsroom.update');
  const errors = form.formState.errors;
  const typed = form.watch('newsroom_slug') ?? '';
  const candidate = slugify(typed, NEWSROOM_SLUG.max);
  const check = useSlugCheck(candidate, settings.newsroom_slug);
  const boilerplate = form.watch('boilerplate') ?? '';
  const origin = settings.url ? settings.url.slice(0, settings.url.indexOf('/newsroom/')) : location.origin;

  // A change made elsewhere (another tab, a co-owner's save) resets the untouched form.
  useEffect(() => {
    if (!form.formState.isDirty) form.reset(defaultsOf(settings));
  }, [settings, form]);

  /** Greek typed into the address becomes its Latin slug when the field is left (and before saving). */
  const normalizeSlug = () => {
    const value = form.getValues('newsroom_slug') ?? '';
    const slug = slugify(value, NEWSROOM_SLUG.max);
    if (slug !== value) form.setValue('newsroom_slug', slug, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
  };

  const save = onSubmit(async (body) => {
    setSaving(true);
    try {
      const updated = await api('PUT', '/newsroom/settings', { body, schema: newsroomSettings });
      qc.setQueryData(queryKeys.newsroom, updated);
      form.reset(defaultsOf(updated));
      toast({ title: S.success, description: S.saved, variant: 'success' });
    } catch (err) {
      if (err instanceof ApiError && err.fields) {
        for (const f of FIELDS) if (err.fields[f]) form.setError(f, { type: 'server', message: err.fields[f] });
      }
      const description = err instanceof ApiError && ['slug_taken', 'slug_reserved', 'account_not_approved'].includes(err.code) ? err.message : S.saveError;
      toast({ title: S.error, description, variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  });

  const taken = candidate !== settings.newsroom_slug && check.data && check.data.slug === candidate && !check.data.available ? check.data.message : null;
  const slugError = errors.newsroom_slug?.message ?? taken ?? undefined;
  const freeNote = !slugError && candidate !== settings.newsroom_slug && check.data?.available && check.data.slug === candidate;

  return (
    <form
      onSubmit={(e) => {
        normalizeSlug();
        void save(e);
      }}
      noValidate
      data-testid="newsroom-settings"
    >
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2 text-lg">
            <Newspaper className="h-5 w-5 text-primary" aria-hidden />
            {S.title}
          </CardTitle>
          <CardDescription>{S.text}</CardDescription>
        </CardHeader>
        <CardContent className="space-y-6">
          {mayEdit ? null : (
            <p className="rounded-md border bg-slate-50 p-3 text-sm text-muted-foreground" data-testid="newsroom-read-only">
              {S.readOnly}
            </p>
          )}
          <fieldset disabled={!mayEdit} className="min-w-0 space-y-6">
          <div className="flex items-center justify-between gap-4">
            <div>
              <Label htmlFor="newsroom-enabled" className="text-sm font-medium">
                {S.enabled}
              </Label>
              <p className="text-xs text-muted-foreground">{S.enabledText}</p>
            </div>
            <Controller
              control={form.control}
              name="newsroom_enabled"
              render={({ field }) => <Switch id="newsroom-enabled" checked={!!field.value} onCheckedChange={field.onChange} />}
            />
          </div>

          <div className="space-y-1.5">
            <Label htmlFor="newsroom-slug">{S.slug}</Label>
            <div className="flex flex-col gap-1 sm:flex-row sm:items-center">
              <span className="shrink-0 text-sm text-muted-foreground">{origin}/newsroom/</span>
              <Input
                id="newsroom-slug"
                autoComplete="off"
                spellCheck={false}
                {...form.register('newsroom_slug', { onBlur: normalizeSlug })}
                aria-invalid={slugError ? true : undefined}
                aria-describedby="newsroom-slug-hint newsroom-slug-state"
              />
            </div>
            <p id="newsroom-slug-hint" className="text-xs text-muted-foreground">
              {S.slugHint}
            </p>
            <div id="newsroom-slug-state" aria-live="polite" className="min-h-4">
              {slugError ? (
                <p className="flex items-center gap-1 text-xs text-red-700" data-testid="slug-error">
                  <X className="h-3.5 w-3.5" aria-hidden />
                  {slugError}
                </p>
              ) : check.isFetching ? (
                <p className="text-xs text-muted-foreground">{S.checking}</p>
              ) : freeNote ? (
                <p className="flex items-center gap-1 text-xs text-emerald-700" data-testid="slug-available">
                  <Check className="h-3.5 w-3.5" aria-hidden />
                  {S.available}: {candidate}
                </p>
              ) : null}
            </div>
            {settings.url && settings.newsroom_enabled ? (
              <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
                <a href={settings.url} target="_blank" rel="noopener" className="inline-flex items-center gap-1 font-medium text-primary hover:underline" data-testid="newsroom-link">
                  {S.open}
                  <ExternalLink className="h-3.5 w-3.5" aria-hidden />
                </a>
                <span className="text-muted-foreground">{S.published(settings.public_releases)}</span>
              </p>
            ) : null}
          </div>

          <div className="space-y-1.5">
            <div className="flex items-baseline justify-between gap-2">
              <Label htmlFor="newsroom-boilerplate">{S.boilerplate}</Label>
              <span className="text-xs tabular-nums text-muted-foreground">{S.chars(boilerplate.length)}</span>
            </div>
            <Textarea
              id="newsroom-boilerplate"
              rows={5}
              maxLength={BOILERPLATE_MAX}
              {...form.register('boilerplate')}
              aria-invalid={errors.boilerplate ? true : undefined}
              aria-describedby="newsroom-boilerplate-hint"
            />
            <p id="newsroom-boilerplate-hint" className="text-xs text-muted-foreground">
              {S.boilerplateHint}
            </p>
            <FieldError id="newsroom-boilerplate-error" message={errors.boilerplate?.message} />
          </div>

          <fieldset className="space-y-3">
            <legend className="text-sm font-semibold">{S.contact}</legend>
            <p className="text-xs text-muted-foreground">{S.contactText}</p>
            <div className="grid gap-4 sm:grid-cols-3">
              <div className="space-y-1.5">
                <Label htmlFor="press-name">
                  {S.contactName}
                  <span className="sr-only"> υπευθύνου τύπου</span>
                </Label>
                <Input id="press-name" autoComplete="name" {...form.register('press_contact_name')} aria-invalid={errors.press_contact_name ? true : undefined} />
                <FieldError id="press-name-error" message={errors.press_contact_name?.message} />
              </div>
              <div className="space-y-1.5">
                <Label htmlFor="press-email">
                  {S.contactEmail}
                  <span className="sr-only"> υπευθύνου τύπου</span>
                </Label>
                <Input id="press-email" type="email" autoComplete="email" {...form.register('press_contact_email')} aria-invalid={errors.press_contact_email ? true : undefined} />
                <FieldError id="press-email-error" message={errors.press_contact_email?.message} />
              </div>
              <div className="space-y-1.5">
                <Label htmlFor="press-phone">
                  {S.contactPhone}
                  <span className="sr-only"> υπευθύνου τύπου</span>
                </Label>
                <Input id="press-phone" type="tel" autoComplete="tel" {...form.register('press_contact_phone')} aria-invalid={errors.press_contact_phone ? true : undefined} />
                <FieldError id="press-phone-error" message={errors.press_contact_phone?.message} />
              </div>
            </div>
          </fieldset>

          <div className="flex justify-end">
            <Button type="submit" disabled={saving}>
              {saving ? <Loader2 className="animate-spin" aria-hidden /> : null}
              {saving ? S.saving : S.save}
            </Button>
          </div>
          </fieldset>
        </CardContent>
      </Card>
    </form>
  );
}
