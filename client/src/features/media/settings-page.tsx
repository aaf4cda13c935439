import { useEffect, useState } from 'react';
import { Ban, Gauge, MailCheck, Undo2 } from 'lucide-react';
import { CATEGORIES, CATEGORY_LABELS, DAILY_RELEASE_LIMIT_MAX, type Category } from '@shared/constants';
import { dailyLimitForm, type MediaPreferences, type Sender } from '@shared/schemas/media';
import { PageHeader } from '@client/components/page-header';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { LoadErrorPanel, LoadingPanel } from '@client/components/load-state';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@client/components/ui/card';
import { Input } from '@client/components/ui/input';
import { Spinner } from '@client/components/ui/spinner';
import { toast } from '@client/components/ui/use-toast';
import { useSchemaForm } from '@client/lib/schema-form';
import { MediaComplaintsCard } from '@client/features/deliverability/media-complaints';
import { PushSettingsCard } from '@client/features/push/push-settings';
import { DataRightsSection } from '@client/features/data-rights/data-rights-section';
import { preferenceCalls, useMediaPreferences, usePreferenceChange } from './use-media';
import { count } from '@shared/plural';

export const SETTINGS_STRINGS = {
  description: 'Οι κατηγορίες που θέλετε να λαμβάνετε, πόσα δελτία την ημέρα και οι αποστολείς που έχετε αποκλείσει.',
  success: 'Επιτυχία',
  error: 'Σφάλμα',
  saved: 'Οι ρυθμίσεις αποθηκεύτηκαν',
  saveError: 'Δεν ήταν δυνατή η αποθήκευση των ρυθμίσεων',
  loadError: 'Δεν ήταν δυνατή η φόρτωση των ρυθμίσεων',
  categoriesTitle: 'Κατηγορίες',
  categoriesText: 'Λαμβάνετε δελτία τύπου μόνο από τις κατηγορίες που έχετε επιλέξει. Οι υπόλοιπες δεν σας αποστέλλονται.',
  onList: 'Είστε στη λίστα',
  notOnList: 'Εκτός λίστας',
  notOnListHint: 'Μια κατηγορία «Εκτός λίστας» φτάνει σε εσάς μόλις η ομάδα μας σας εντάξει στη λίστα της.',
  selected: (n: number) => `Επιλεγμένες κατηγορίες: ${n} από ${CATEGORIES.length}`,
  saveCategories: 'Αποθήκευση κατηγοριών',
  sendersTitle: 'Αποστολείς',
  sendersText:
    'Αποκλείστε έναν οργανισμό για να μη λαμβάνετε πια δελτία τύπου από κανένα μέλος του. Όσα έχετε ήδη λάβει μένουν στα εισερχόμενά σας.',
  noSenders: 'Δεν έχετε λάβει ακόμη δελτία τύπου από κάποιον αποστολέα.',
  blocked: 'Αποκλεισμένος',
  block: 'Αποκλεισμός',
  unblock: 'Άρση αποκλεισμού',
  blockedToast: (c: string) => `Δεν θα λαμβάνετε πια δελτία τύπου από: ${c}`,
  unblockedToast: (c: string) => `Θα λαμβάνετε ξανά δελτία τύπου από: ${c}`,
  allTitle: 'Έχετε διαγραφεί από όλες τις αποστολές',
  allText: 'Πατήσατε τον σύνδεσμο διαγραφής σε ένα email και δεν λαμβάνετε κανένα δελτίο τύπου.',
  resubscribe: 'Επανεγγραφή στις αποστολές',
  resubscribed: 'Θα λαμβάνετε ξανά δελτία τύπου',
  limitTitle: 'Όριο δελτίων ανά ημέρα',
  limitLabel: 'Μέγιστος αριθμός δελτίων ανά ημέρα',
  limitText:
    'Πόσα δελτία τύπου θέλετε να λαμβάνετε κάθε μέρα με email και ειδοποίηση, από όλους τους αποστολείς μαζί. Όσα έρθουν μετά το όριο μπαίνουν μόνο στα εισερχόμενά σας, χωρίς email ή ειδοποίηση, και σας έρχονται στην ημερήσια σύνοψη του επόμενου πρωινού (07:00), ακόμη κι αν δεν έχετε επιλέξει newsletter.',
  limitHint: 'Αφήστε το κενό για να μην υπάρχει όριο. Η ημέρα μετρά από τα μεσάνυχτα, ώρα Ελλάδας.',
  limitInvalid: `Εισάγετε έναν ακέραιο από 1 έως ${DAILY_RELEASE_LIMIT_MAX.toLocaleString('el-GR')} ή αφήστε το κενό`,
  limitNone: 'Χωρίς όριο',
  limitNowNone: 'Τώρα: χωρίς όριο.',
  limitNow: (n: number) => `Τώρα: ${count(n, 'δελτίο', 'δελτία')} την ημέρα.`,
  saveLimit: 'Αποθήκευση ορίου',
};
const S = SETTINGS_STRINGS;

function failed(err: unknown) {
  console.error('Saving media settings failed', err);
  toast({ title: S.error, description: S.saveError, variant: 'destructive' });
}

function CategoriesCard({ prefs }: { prefs: MediaPreferences }) {
  const [ticked, setTicked] = useState<Category[]>(prefs.categories);
  // Another tab saved: show the stored choice.
  useEffect(() => setTicked(prefs.categories), [prefs.categories]);
  const save = usePreferenceChange(preferenceCalls.categories);
  const dirty = ticked.length !== prefs.categories.length || ticked.some((c) => !prefs.categories.includes(c));
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{S.categoriesTitle}</CardTitle>
        <CardDescription>{S.categoriesText}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        <fieldset>
          <legend className="sr-only">{S.categoriesTitle}</legend>
          <ul className="grid gap-2">
            {CATEGORIES.map((c) => {
              const onList = prefs.mediaLists.includes(c);
              return (
                <li key={c}>
                  <label className="flex cursor-pointer items-center justify-between gap-3 rounded-md border px-3 py-2.5 text-sm hover:bg-muted has-[:checked]:border-primary has-[:checked]:bg-primary/5">
                    <span className="flex items-center gap-2">
                      <input
                        type="checkbox"
                        className="h-4 w-4 accent-[hsl(var(--primary))]"
                        checked={ticked.includes(c)}
                        onChange={(e) => setTicked((t) => (e.target.checked ? [...t, c] : t.filter((x) => x !== c)))}
                      />
                      {CATEGORY_LABELS[c]}
                    </span>
                    <Badge variant={onList ? 'success' : 'outline'} className="font-medium">
                      {onList ? S.onList : S.notOnList}
                    </Badge>
                  </label>
                </li>
              );
            })}
          </ul>
        </fieldset>
        <p className="text-sm text-muted-foreground" data-testid="categories-count">
          {S.selected(ticked.length)}
        </p>
        {CATEGORIES.some((c) => ticked.includes(c) && !prefs.mediaLists.includes(c)) ? (
          <p className="text-xs text-muted-foreground">{S.notOnListHint}</p>
        ) : null}
      </CardContent>
      <CardFooter>
        <Button
          disabled={!dirty || save.isPending}
          onClick={() =>
            save.mutate(ticked, {
              onSuccess: () => toast({ title: S.success, description: S.saved, variant: 'success' }),
              onError: failed,
            })
          }
        >
          {save.isPending ? <Spinner size="sm" /> : null}
          {S.saveCategories}
        </Button>
      </CardFooter>
    </Card>
  );
}

function DailyLimitCard({ prefs }: { prefs: MediaPreferences }) {
  const stored = prefs.dailyLimit === null ? '' : String(prefs.dailyLimit);
  const { form, message, onSubmit } = useSchemaForm(dailyLimitForm, { dailyLimit: stored }, { messages: { invalid: S.limitInvalid }, toast: false });
  // Another tab saved: show the stored value.
  useEffect(() => form.reset({ dailyLimit: stored }), [form, stored]);
  const save = usePreferenceChange(preferenceCalls.dailyLimit);
  const submit = onSubmit(({ dailyLimit }) =>
    save.mutate(dailyLimit, {
      onSuccess: () => toast({ title: S.success, description: S.saved, variant: 'success' }),
      onError: failed,
    }),
  );
  return (
    <Card>
      <form onSubmit={submit} noValidate aria-labelledby="daily-limit-title">
        <CardHeader>
          <CardTitle id="daily-limit-title" className="flex items-center gap-2 text-lg">
            <Gauge className="h-5 w-5 text-primary" aria-hidden />
            {S.limitTitle}
          </CardTitle>
          <CardDescription>{S.limitText}</CardDescription>
        </CardHeader>
        <CardContent className="space-y-2">
          <label htmlFor="daily-limit" className="text-sm font-medium">
            {S.limitLabel}
          </label>
          <Input
            id="daily-limit"
            inputMode="numeric"
            autoComplete="off"
            placeholder={S.limitNone}
            className="max-w-[12rem]"
            aria-describedby={message ? 'daily-limit-hint daily-limit-error' : 'daily-limit-hint'}
            aria-invalid={message ? true : undefined}
            {...form.register('dailyLimit')}
          />
          <p id="daily-limit-hint" className="text-xs text-muted-foreground">
            {S.limitHint} <span data-testid="daily-limit-now">{prefs.dailyLimit === null ? S.limitNowNone : S.limitNow(prefs.dailyLimit)}</span>
          </p>
          {message ? (
            <p id="daily-limit-error" className="text-sm text-red-700" role="alert">
              {message}
            </p>
          ) : null}
        </CardContent>
        <CardFooter>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? <Spinner size="sm" /> : null}
            {S.saveLimit}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}

function SendersCard({ prefs }: { prefs: MediaPreferences }) {
  const block = usePreferenceChange(preferenceCalls.block);
  const unblock = usePreferenceChange(preferenceCalls.unblock);
  const blockedIds = new Set(prefs.blockedSenders.map((s) => s.id));
  const senders: Sender[] = [...prefs.knownSenders, ...prefs.blockedSenders.filter((b) => !prefs.knownSenders.some((k) => k.id === b.id))];
  const busy = block.isPending || unblock.isPending;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{S.sendersTitle}</CardTitle>
        <CardDescription>{S.sendersText}</CardDescription>
      </CardHeader>
      <CardContent>
        {senders.length === 0 ? (
          <p className="py-4 text-center text-sm text-muted-foreground">{S.noSenders}</p>
        ) : (
          <ul className="divide-y rounded-md border" data-testid="senders">
            {senders.map((s) => {
              const isBlocked = blockedIds.has(s.id);
              return (
                <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2.5" data-testid="sender-row">
                  <span className="flex min-w-0 items-center gap-2 text-sm font-medium">
                    {s.logoUrl ? <img src={s.logoUrl} alt="" className="h-6 w-6 shrink-0 rounded object-contain" loading="lazy" /> : null}
                    <span className="truncate">{s.company}</span>
                    {isBlocked ? <Badge variant="destructive">{S.blocked}</Badge> : null}
                  </span>
                  {isBlocked ? (
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={busy}
                      onClick={() =>
                        unblock.mutate(s.id, {
                          onSuccess: () => toast({ title: S.success, description: S.unblockedToast(s.company), variant: 'success' }),
                          onError: failed,
                        })
                      }
                    >
                      <Undo2 aria-hidden />
                      {S.unblock}
                    </Button>
                  ) : (
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={busy}
                      aria-label={`${S.block}: ${s.company}`}
                      onClick={() =>
                        block.mutate(s.id, {
                          onSuccess: () => toast({ title: S.success, description: S.blockedToast(s.company), variant: 'success' }),
                          onError: failed,
                        })
                      }
                    >
                      <Ban aria-hidden />
                      {S.block}
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function UnsubscribedAllCard() {
  const resubscribe = usePreferenceChange(preferenceCalls.resubscribe);
  return (
    <Card className="border-amber-300 bg-amber-50" data-testid="unsubscribed-all">
      <CardContent className="flex flex-col gap-3 p-5 sm:flex-row sm:items-center sm:justify-between">
        <div className="space-y-1">
          <p className="font-semibold text-amber-950">{S.allTitle}</p>
          <p className="text-sm text-amber-900">{S.allText}</p>
        </div>
        <Button
          className="shrink-0"
          disabled={resubscribe.isPending}
          onClick={() =>
            resubscribe.mutate(undefined, {
              onSuccess: () => toast({ title: S.success, description: S.resubscribed, variant: 'success' }),
              onError: failed,
            })
          }
        >
          <MailCheck aria-hidden />
          {S.resubscribe}
        </Button>
      </CardContent>
    </Card>
  );
}

export function MediaSettingsPage() {
  const prefs = useMediaPreferences();
  useEffect(() => {
    if (prefs.isError) {
      console.error('Media preferences failed to load', prefs.error);
      toast({ title: S.error, description: S.loadError, variant: 'destructive' });
    }
  }, [prefs.isError, prefs.error]);

  return (
    <>
      <PageHeader description={S.description} />
      {prefs.isPending ? (
        <LoadingPanel />
      ) : !prefs.data ? (
        <LoadErrorPanel message={S.loadError} onRetry={() => void prefs.refetch()} />
      ) : (
        <div className="space-y-6">
          {prefs.data.unsubscribedAll ? <UnsubscribedAllCard /> : null}
          <MediaComplaintsCard />
          <div className="grid gap-6 xl:grid-cols-2">
            <CategoriesCard prefs={prefs.data} />
            <div className="space-y-6">
              <DailyLimitCard prefs={prefs.data} />
              <SendersCard prefs={prefs.data} />
              <PushSettingsCard />
            </div>
          </div>
          <DataRightsSection />
        </div>
      )}
    </>
  );
}
