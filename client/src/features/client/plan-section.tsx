import type * as React from 'react';
import { Link } from '@tanstack/react-router';
import { CONTACT_DETAILS } from '@shared/contact';
import { PLAN_STATE_LABELS, inDays, trialDaysLeft, type PlanState } from '@shared/plans';
import { Badge } from '@client/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { Spinner } from '@client/components/ui/spinner';
import { formatLongDate } from '@client/lib/dates';
import { useAccountPlan } from '@client/features/plans/queries';

const STATE_BADGE: Record<PlanState, 'success' | 'info' | 'destructive'> = { active: 'success', trial: 'info', expired: 'destructive' };

const used = (n: number, limit: number | null) => (limit === null ? `${n.toLocaleString('el-GR')} (χωρίς όριο)` : `${n.toLocaleString('el-GR')} από ${limit.toLocaleString('el-GR')}`);

function Item({ label, testId, strong, children }: { label: string; testId?: string; strong?: boolean; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className={strong ? 'font-semibold' : undefined} data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/** Client settings: the plan, the free trial's dates and days left, the limits and what is used of them. */
export function PlanSection() {
  const { data, isPending, isError } = useAccountPlan();
  return (
    <Card id="plan" data-testid="plan-section" data-plan={data?.plan?.code} data-state={data?.state ?? undefined} className="scroll-mt-24">
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2 text-lg">
          Πλάνο και δοκιμή
          {data?.state ? <Badge variant={STATE_BADGE[data.state]}>{PLAN_STATE_LABELS[data.state]}</Badge> : null}
        </CardTitle>
        <CardDescription>Το πλάνο του λογαριασμού σας, η δωρεάν δοκιμή και τα όριά του.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4 text-sm">
        {isPending ? (
          <Spinner />
        ) : isError || !data?.plan ? (
          <p className="text-muted-foreground">Δεν ήταν δυνατή η φόρτωση του πλάνου.</p>
        ) : (
          <>
            <dl className="grid grid-cols-2 gap-x-4 gap-y-3">
              <Item label="Πλάνο" testId="plan-name" strong>
                {data.plan.name}
              </Item>
              {data.activated_at ? <Item label="Ενεργό από">{formatLongDate(data.activated_at)}</Item> : null}
              {data.trial_started_at && data.state !== 'active' ? (
                <Item label="Έναρξη δοκιμής" testId="trial-start">
                  {formatLongDate(data.trial_started_at)}
                </Item>
              ) : null}
              {data.trial_ends_at && data.state !== 'active' ? (
                <Item label={data.state === 'expired' ? 'Η δοκιμή έληξε' : 'Λήξη δοκιμής'} testId="trial-end">
                  {formatLongDate(data.trial_ends_at)}
                  {data.state === 'trial' ? (
                    <span className="block text-xs text-muted-foreground" data-testid="trial-left">
                      λήγει {inDays(trialDaysLeft(data.trial_ends_at))}
                    </span>
                  ) : null}
                </Item>
              ) : null}
              <Item label="Δελτία αυτόν τον μήνα" testId="usage-releases">
                {used(data.usage.releases_this_month, data.limits.releases_per_month)}
              </Item>
              <Item label="Χρήστες" testId="usage-members">
                {used(data.usage.members, data.limits.members)}
              </Item>
              <Item label="Παραλήπτες ανά δελτίο">
                {data.limits.recipients_per_release === null ? 'Χωρίς όριο' : `Έως ${data.limits.recipients_per_release.toLocaleString('el-GR')}`}
              </Item>
            </dl>
            {data.state === 'expired' ? (
              <p className="rounded-md bg-red-50 p-3 text-red-900">
                Η δωρεάν δοκιμή έληξε: η αποστολή δελτίων τύπου και οι προσκλήσεις νέων μελών είναι απενεργοποιημένες μέχρι να
                ενεργοποιηθεί το πλάνο σας.
              </p>
            ) : null}
            <p className="text-muted-foreground">
              Για ενεργοποίηση ή αλλαγή πλάνου επικοινωνήστε μαζί μας στο{' '}
              <a href={`mailto:${CONTACT_DETAILS.email}`} className="text-primary underline-offset-2 hover:underline">
                {CONTACT_DETAILS.email}
              </a>{' '}
              ή στο {CONTACT_DETAILS.phone}.{' '}
              <Link to="/pricing" className="text-primary underline-offset-2 hover:underline">
                Σύγκριση πλάνων
              </Link>
            </p>
          </>
        )}
      </CardContent>
    </Card>
  );
}
