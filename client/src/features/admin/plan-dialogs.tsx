import { useEffect, useId } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Controller } from 'react-hook-form';
import { PLAN_CODES } from '@shared/constants';
import { TRIAL_EXTEND_MAX_DAYS } from '@shared/plans';
import type { AdminUser } from '@shared/schemas/admin';
import { extendTrialBody, setPlanBody } from '@shared/schemas/plans';
import { ApiError } from '@client/api/errors';
import { queryKeys } from '@client/api/query-keys';
import { Button } from '@client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@client/components/ui/dialog';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@client/components/ui/select';
import { toast } from '@client/components/ui/use-toast';
import { formatLongDate } from '@client/lib/dates';
import { refreshQueries } from '@client/lib/refresh';
import { useSchemaForm } from '@client/lib/schema-form';
import { Checkbox } from './components';
import { adminCalls } from './queries';
import { ERR, OK_TITLE, PLAN_LABELS, USER_ACTION_ERRORS } from './strings';
import { errorToast } from './use-error-toast';

interface DialogProps {
  user: AdminUser | null;
  onClose: () => void;
}

function useDone(onClose: () => void, message: string) {
  const qc = useQueryClient();
  return {
    onSuccess: () => {
      toast({ title: OK_TITLE, description: message, variant: 'success' });
      void refreshQueries(qc, queryKeys.admin);
      onClose();
    },
    onError: (err: unknown) => errorToast(ERR.userUpdate, err instanceof ApiError ? USER_ACTION_ERRORS[err.code] : undefined, err),
  };
}

/** "Extend trial": by N days, from the trial's end (or from today once it has ended). Audited on the server. */
export function ExtendTrialDialog({ user, onClose }: DialogProps) {
  const id = useId();
  const { form, message, onSubmit } = useSchemaForm(extendTrialBody, { days: 7 }, { toast: false });
  useEffect(() => {
    if (user) form.reset({ days: 7 });
  }, [user, form]);
  const extend = useMutation({ mutationFn: (days: number) => adminCalls.extendTrial(user!.user_id, { days }), ...useDone(onClose, 'Η δοκιμή παρατάθηκε') });
  const submit = onSubmit(({ days }) => extend.mutate(days));
  const ended = user?.plan_state === 'expired';
  return (
    <Dialog open={!!user} onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-w-md">
        <form onSubmit={submit} noValidate className="space-y-4">
          <DialogHeader>
            <DialogTitle>Παράταση δοκιμής</DialogTitle>
            <DialogDescription>
              {user?.email}:{' '}
              {user?.trial_ends_at
                ? ended
                  ? `η δοκιμή έληξε στις ${formatLongDate(user.trial_ends_at)}· η παράταση μετράει από σήμερα.`
                  : `η δοκιμή λήγει στις ${formatLongDate(user.trial_ends_at)}· η παράταση μετράει από τότε.`
                : ''}
            </DialogDescription>
          </DialogHeader>
          <div className="space-y-2">
            <Label htmlFor={`${id}-days`}>Ημέρες παράτασης (1 έως {TRIAL_EXTEND_MAX_DAYS})</Label>
            <Input
              id={`${id}-days`}
              type="number"
              inputMode="numeric"
              min={1}
              max={TRIAL_EXTEND_MAX_DAYS}
              {...form.register('days', { valueAsNumber: true })}
              aria-invalid={form.formState.errors.days ? true : undefined}
            />
            {message ? (
              <p role="alert" className="text-sm text-destructive">
                Δώστε έναν ακέραιο αριθμό ημερών από 1 έως {TRIAL_EXTEND_MAX_DAYS}.
              </p>
            ) : null}
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Άκυρο
            </Button>
            <Button type="submit" disabled={extend.isPending}>
              Παράταση
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** "Set plan": the plan, and whether it is active (paid, arranged with the customer) or stays on trial. Audited. */
export function SetPlanDialog({ user, onClose }: DialogProps) {
  const id = useId();
  const { form, onSubmit } = useSchemaForm(setPlanBody, { plan_code: 'pro', active: true });
  useEffect(() => {
    if (user) form.reset({ plan_code: user.plan_code ?? 'pro', active: user.plan_state === 'active' || user.plan_state === null ? true : false });
  }, [user, form]);
  const set = useMutation({ mutationFn: (body: { plan_code: (typeof PLAN_CODES)[number]; active: boolean }) => adminCalls.setPlan(user!.user_id, body), ...useDone(onClose, 'Το πλάνο ορίστηκε') });
  const submit = onSubmit((body) => set.mutate(body));
  return (
    <Dialog open={!!user} onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-w-md">
        <form onSubmit={submit} noValidate className="space-y-4">
          <DialogHeader>
            <DialogTitle>Ορισμός πλάνου</DialogTitle>
            <DialogDescription>
              {user?.email}: χωρίς πάροχο πληρωμών, το πλάνο ενεργοποιείται εδώ όταν συμφωνηθεί η συνδρομή με τον πελάτη.
            </DialogDescription>
          </DialogHeader>
          <div className="space-y-2">
            <Label htmlFor={`${id}-plan`}>Πλάνο</Label>
            <Controller
              control={form.control}
              name="plan_code"
              render={({ field }) => (
                <Select value={field.value} onValueChange={field.onChange}>
                  <SelectTrigger id={`${id}-plan`}>
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {PLAN_CODES.map((c) => (
                      <SelectItem key={c} value={c}>
                        {PLAN_LABELS[c]}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
          </div>
          <label className="flex items-start gap-2.5 text-sm">
            <Checkbox {...form.register('active')} className="mt-0.5" />
            <span>
              Ενεργή συνδρομή (πληρωμένη). Χωρίς αυτή την επιλογή ο λογαριασμός μένει σε δοκιμή με την ίδια ημερομηνία λήξης.
            </span>
          </label>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Άκυρο
            </Button>
            <Button type="submit" disabled={set.isPending}>
              Αποθήκευση
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
