import { useEffect, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { CATEGORY_LABELS, DIGEST_FREQUENCIES } from '@shared/constants';
import { PageHeader } from '@client/components/page-header';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { LoadErrorPanel, LoadingPanel } from '@client/components/load-state';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@client/components/ui/card';
import { Spinner } from '@client/components/ui/spinner';
import { toast } from '@client/components/ui/use-toast';
import { SETTINGS_STRINGS } from './settings-page';
import { preferenceCalls, useMediaPreferences, usePreferenceChange } from './use-media';
import { count } from '@shared/plural';

type Digest = (typeof DIGEST_FREQUENCIES)[number];

const S = {
  description: 'Η συχνότητα και οι κατηγορίες του newsletter που λαμβάνετε με email.',
  title: 'Σύνοψη με email',
  text: 'Ένα email με τα δελτία τύπου των κατηγοριών σας, επιπλέον των μεμονωμένων αποστολών.',
  options: {
    none: { label: 'Χωρίς newsletter', hint: 'Λαμβάνετε μόνο τα μεμονωμένα δελτία τύπου.' },
    daily: { label: 'Καθημερινά', hint: 'Μία φορά την ημέρα, τα δελτία τύπου του τελευταίου 24ώρου.' },
    weekly: { label: 'Εβδομαδιαία', hint: 'Μία φορά την εβδομάδα, τα δελτία τύπου των τελευταίων 7 ημερών.' },
  } satisfies Record<Digest, { label: string; hint: string }>,
  categories: 'Κατηγορίες του newsletter',
  noCategories: 'Δεν έχετε επιλέξει κατηγορίες: το newsletter θα είναι κενό μέχρι να επιλέξετε.',
  change: 'Αλλαγή κατηγοριών',
  save: 'Αποθήκευση',
  limit: (n: number) =>
    `Έχετε ορίσει όριο ${count(n, 'δελτίου', 'δελτίων')} την ημέρα: όσα το ξεπερνούν σας έρχονται στην ημερήσια σύνοψη του επόμενου πρωινού, όποια συχνότητα κι αν επιλέξετε εδώ.`,
  limitLink: 'Αλλαγή ορίου',
};

export function NewsletterPage() {
  const prefs = useMediaPreferences();
  const [digest, setDigest] = useState<Digest | null>(null);
  const stored = prefs.data?.digest;
  useEffect(() => setDigest(null), [stored]);
  const save = usePreferenceChange(preferenceCalls.digest);
  useEffect(() => {
    if (prefs.isError) {
      console.error('Media preferences failed to load', prefs.error);
      toast({ title: SETTINGS_STRINGS.error, description: SETTINGS_STRINGS.loadError, variant: 'destructive' });
    }
  }, [prefs.isError, prefs.error]);

  const header = <PageHeader description={S.description} />;
  if (prefs.isPending) {
    return (
      <>
        {header}
        <LoadingPanel />
      </>
    );
  }
  if (!prefs.data) {
    return (
      <>
        {header}
        <LoadErrorPanel message={SETTINGS_STRINGS.loadError} onRetry={() => void prefs.refetch()} />
      </>
    );
  }
  const chosen = digest ?? prefs.data.digest;
  return (
    <>
      {header}
      <Card className="max-w-2xl">
        <CardHeader>
          <CardTitle className="text-lg">{S.title}</CardTitle>
          <CardDescription>{S.text}</CardDescription>
        </CardHeader>
        <CardContent className="space-y-5">
          <fieldset className="space-y-2">
            <legend className="sr-only">{S.title}</legend>
            {DIGEST_FREQUENCIES.map((d) => (
              <label
                key={d}
                className="flex cursor-pointer items-start gap-3 rounded-md border px-3 py-3 text-sm hover:bg-muted has-[:checked]:border-primary has-[:checked]:bg-primary/5"
              >
                <input
                  type="radio"
                  name="digest"
                  value={d}
                  className="mt-0.5 h-4 w-4 accent-[hsl(var(--primary))]"
                  checked={chosen === d}
                  onChange={() => setDigest(d)}
                />
                <span className="space-y-0.5">
                  <span className="block font-medium">{S.options[d].label}</span>
                  <span className="block text-muted-foreground">{S.options[d].hint}</span>
                </span>
              </label>
            ))}
          </fieldset>
          {prefs.data.dailyLimit !== null ? (
            <p className="rounded-md bg-muted px-3 py-2 text-sm" data-testid="newsletter-limit">
              {S.limit(prefs.data.dailyLimit)}{' '}
              <Link to="/media/settings" className="font-medium text-primary underline underline-offset-2">
                {S.limitLink}
              </Link>
            </p>
          ) : null}
          <div className="space-y-2">
            <p className="text-sm font-medium">{S.categories}</p>
            {prefs.data.categories.length === 0 ? (
              <p className="text-sm text-muted-foreground">{S.noCategories}</p>
            ) : (
              <div className="flex flex-wrap gap-2" data-testid="newsletter-categories">
                {prefs.data.categories.map((c) => (
                  <Badge key={c} variant="secondary">
                    {CATEGORY_LABELS[c]}
                  </Badge>
                ))}
              </div>
            )}
            <Button asChild variant="link" className="h-auto p-0">
              <Link to="/media/settings">{S.change}</Link>
            </Button>
          </div>
        </CardContent>
        <CardFooter>
          <Button
            disabled={chosen === prefs.data.digest || save.isPending}
            onClick={() =>
              save.mutate(chosen, {
                onSuccess: () => toast({ title: SETTINGS_STRINGS.success, description: SETTINGS_STRINGS.saved, variant: 'success' }),
                onError: (err) => {
                  console.error('Saving the digest failed', err);
                  toast({ title: SETTINGS_STRINGS.error, description: SETTINGS_STRINGS.saveError, variant: 'destructive' });
                },
              })
            }
          >
            {save.isPending ? <Spinner size="sm" /> : null}
            {S.save}
          </Button>
        </CardFooter>
      </Card>
    </>
  );
}
