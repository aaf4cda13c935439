import { lazy, Suspense } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, Plus } from 'lucide-react';
import {
  INCIDENT_IMPACTS,
  INCIDENT_STATUSES,
  STATUS_COMPONENTS,
  SYSTEM_STATES,
  type SystemState,
} from '@shared/constants';
import {
  incidentCreate,
  incidentUpdateForm,
  incidentSchema,
  statusResponse,
  type ComponentsMap,
  type Incident,
  type IncidentCreate,
  type IncidentPatch,
  type PlatformSettings,
  type StatusPut,
} from '@shared/schemas/public-site';
import { api } from '@client/api/http';
import { PageHeader } from '@client/components/page-header';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '@client/components/ui/card';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { Spinner } from '@client/components/ui/spinner';
import { Switch } from '@client/components/ui/switch';
import { Textarea } from '@client/components/ui/textarea';
import { toast } from '@client/components/ui/use-toast';
import { formatDateTime } from '@client/lib/dates';
import { useSchemaForm } from '@client/lib/schema-form';
import { statusQueryKey, useStatus } from '@client/features/public/public-api';
import {
  COMPONENT_LABELS,
  INCIDENT_IMPACT_LABELS,
  INCIDENT_STATUS_LABELS,
  STATE_BADGE,
  SYSTEM_STATE_LABELS,
  impactVariant,
  incidentStatusVariant,
} from '@client/features/public/status-labels';
import { useStatusLive } from '@client/features/public/use-status-live';
import { refreshQueries } from '@client/lib/refresh';
import { queryKeys } from '@client/api/query-keys';
import { adminCalls, usePlatformSettings } from '@client/features/admin/queries';
import { DataRightsSection } from '@client/features/data-rights/data-rights-section';

const selectClass =
  'h-10 w-full rounded-md border border-input bg-background px-3 text-sm shadow-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';
/** A state select next to its label (fixed width from small screens up). */
const rowSelectClass = `${selectClass} sm:w-48 sm:shrink-0`;


function failed(err: unknown) {
  console.error(err);
  toast({
    title: 'Σφάλμα',
    description: 'Η αλλαγή δεν αποθηκεύτηκε. Δοκιμάστε ξανά.',
    variant: 'destructive',
  });
}

function StatusEditor() {
  const queryClient = useQueryClient();
  const status = useStatus();
  const save = useMutation({
    mutationFn: (body: StatusPut) => api('PUT', '/status', { body, schema: statusResponse }),
    onSuccess: (data) => {
      queryClient.setQueryData(statusQueryKey, data);
      toast({
        title: 'Η κατάσταση ενημερώθηκε',
        description: 'Η σελίδα /status δείχνει ήδη την αλλαγή.',
        variant: 'success',
      });
    },
    onError: failed,
  });

  if (status.isPending) return <Spinner />;
  const current = status.data;
  const overall: SystemState = current?.overall ?? 'operational';
  const components: ComponentsMap = current?.components ?? {
    api: 'operational',
    app: 'operational',
    database: 'operational',
    emails: 'operational',
    newsletters: 'operational',
  };

  const change = (next: StatusPut) => save.mutate(next);

  return (
    <Card>
      <CardHeader>
        <CardTitle>Σελίδα κατάστασης</CardTitle>
        <CardDescription>
          Η συνολική κατάσταση και η κατάσταση κάθε υπηρεσίας, όπως τις βλέπουν οι επισκέπτες στο
          /status. Κάθε αλλαγή εμφανίζεται αμέσως.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <Label htmlFor="status-overall" className="font-semibold">
            Συνολική κατάσταση
          </Label>
          <select
            id="status-overall"
            className={rowSelectClass}
            value={overall}
            disabled={save.isPending}
            onChange={(e) => change({ overall: e.target.value as SystemState, components })}
          >
            {SYSTEM_STATES.map((s) => (
              <option key={s} value={s}>
                {SYSTEM_STATE_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        <ul className="divide-y rounded-md border">
          {STATUS_COMPONENTS.map((c) => (
            <li
              key={c}
              className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between"
            >
              <span className="flex min-w-0 flex-wrap items-center gap-2">
                <Label htmlFor={`status-${c}`}>{COMPONENT_LABELS[c]}</Label>
                <Badge variant={STATE_BADGE[components[c]]}>
                  {SYSTEM_STATE_LABELS[components[c]]}
                </Badge>
              </span>
              <select
                id={`status-${c}`}
                className={rowSelectClass}
                value={components[c]}
                disabled={save.isPending}
                onChange={(e) =>
                  change({
                    overall,
                    components: { ...components, [c]: e.target.value as SystemState },
                  })
                }
              >
                {SYSTEM_STATES.map((s) => (
                  <option key={s} value={s}>
                    {SYSTEM_STATE_LABELS[s]}
                  </option>
                ))}
              </select>
            </li>
          ))}
        </ul>
        {current?.updated_at ? (
          <p className="text-xs text-muted-foreground">
            Τελευταία αλλαγή: {formatDateTime(current.updated_at)}
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}

const NEW_INCIDENT = { title: '', impact: 'minor', status: 'investigating', message: '' } as const;

/** A new incident, checked against the shared incidentCreate (the server's rules). */
function NewIncidentForm() {
  const queryClient = useQueryClient();
  const { form, onSubmit } = useSchemaForm(incidentCreate, NEW_INCIDENT, {
    messages: { required: 'Ο τίτλος του συμβάντος είναι υποχρεωτικός' },
  });
  const create = useMutation({
    mutationFn: (body: IncidentCreate) =>
      api('POST', '/incidents', { body, schema: incidentSchema }),
    onSuccess: () => {
      form.reset(NEW_INCIDENT);
      void refreshQueries(queryClient, statusQueryKey);
      toast({ title: 'Το συμβάν δημοσιεύτηκε', variant: 'success' });
    },
    onError: failed,
  });
  const submit = onSubmit((incident) => create.mutate(incident));

  return (
    <form
      onSubmit={submit}
      noValidate
      className="space-y-3 rounded-md border bg-slate-50 p-4"
      aria-label="Νέο συμβάν"
    >
      <p className="font-semibold">Νέο συμβάν</p>
      <div className="space-y-1.5">
        <Label htmlFor="incident-title">Τίτλος</Label>
        <Input
          id="incident-title"
          {...form.register('title')}
          aria-invalid={form.formState.errors.title ? true : undefined}
          maxLength={200}
          placeholder="π.χ. Καθυστέρηση στην αποστολή email"
        />
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="space-y-1.5">
          <Label htmlFor="incident-status">Κατάσταση</Label>
          <select
            id="incident-status"
            className={selectClass}
            {...form.register('status')}
          >
            {INCIDENT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {INCIDENT_STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="incident-impact">Επίπτωση</Label>
          <select
            id="incident-impact"
            className={selectClass}
            {...form.register('impact')}
          >
            {INCIDENT_IMPACTS.map((s) => (
              <option key={s} value={s}>
                {INCIDENT_IMPACT_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="incident-message">Πρώτη ενημέρωση</Label>
        <Textarea
          id="incident-message"
          rows={2}
          maxLength={2000}
          {...form.register('message')}
          placeholder="Τι συμβαίνει και τι κάνουμε γι' αυτό"
        />
      </div>
      <Button type="submit" disabled={create.isPending}>
        <Plus aria-hidden />
        Δημοσίευση συμβάντος
      </Button>
    </form>
  );
}

function IncidentRow({ incident }: { incident: Incident }) {
  const queryClient = useQueryClient();
  const { form, message: formError, onSubmit } = useSchemaForm(
    incidentUpdateForm(incident.status),
    { message: '', status: incident.status },
    { messages: { required: 'Γράψτε μια ενημέρωση ή επιλέξτε νέα κατάσταση' } },
  );
  const patch = useMutation({
    mutationFn: (body: IncidentPatch) =>
      api('PATCH', `/incidents/${incident.id}`, { body, schema: incidentSchema }),
    onSuccess: (updated) => {
      form.reset({ message: '', status: updated.status });
      void refreshQueries(queryClient, statusQueryKey);
      toast({ title: 'Το συμβάν ενημερώθηκε', variant: 'success' });
    },
    onError: failed,
  });
  const resolved = incident.status === 'resolved';
  const last = incident.updates[incident.updates.length - 1];

  return (
    <li className="space-y-3 p-4" data-testid="admin-incident">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <p className="font-medium">{incident.title}</p>
          <p className="text-xs text-muted-foreground">
            Έναρξη {formatDateTime(incident.started_at)}
            {incident.resolved_at ? ` · επιλύθηκε ${formatDateTime(incident.resolved_at)}` : ''}
          </p>
          {last ? (
            <p className="mt-1 text-sm text-slate-700">Τελευταία ενημέρωση: {last.message}</p>
          ) : null}
        </div>
        <div className="flex gap-2">
          <Badge variant={incidentStatusVariant(incident.status)}>
            {INCIDENT_STATUS_LABELS[incident.status]}
          </Badge>
          <Badge variant={impactVariant(incident.impact)}>
            {INCIDENT_IMPACT_LABELS[incident.impact]}
          </Badge>
        </div>
      </div>
      <form
        className="flex flex-col gap-2 sm:flex-row sm:flex-wrap"
        noValidate
        onSubmit={onSubmit((body) => patch.mutate(body))}
      >
        <Label htmlFor={`upd-${incident.id}`} className="sr-only">
          Νέα ενημέρωση για «{incident.title}»
        </Label>
        <Input
          id={`upd-${incident.id}`}
          className="sm:min-w-[12rem] sm:flex-1"
          maxLength={2000}
          {...form.register('message')}
          aria-invalid={formError ? true : undefined}
          placeholder="Νέα ενημέρωση"
        />
        <Label htmlFor={`st-${incident.id}`} className="sr-only">
          Κατάσταση συμβάντος
        </Label>
        <select
          id={`st-${incident.id}`}
          className={`${selectClass} sm:w-44`}
          {...form.register('status')}
        >
          {INCIDENT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {INCIDENT_STATUS_LABELS[s]}
            </option>
          ))}
        </select>
        <Button type="submit" variant="outline" disabled={patch.isPending}>
          Προσθήκη ενημέρωσης
        </Button>
        {!resolved ? (
          <Button
            type="button"
            disabled={patch.isPending}
            onClick={() =>
              patch.mutate({ status: 'resolved', message: form.getValues('message').trim() || null })
            }
          >
            <CheckCircle2 aria-hidden />
            Επίλυση
          </Button>
        ) : null}
      </form>
    </li>
  );
}

function IncidentsEditor() {
  const status = useStatus();
  const incidents = status.data?.incidents ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Συμβάντα</CardTitle>
        <CardDescription>
          Δημοσιεύστε ένα συμβάν, προσθέστε ενημερώσεις και επιλύστε το. Φαίνονται τα συμβάντα των
          τελευταίων 90 ημερών.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <NewIncidentForm />
        {incidents.length ? (
          <ul className="divide-y rounded-md border">
            {incidents.map((i) => (
              <IncidentRow key={i.id} incident={i} />
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">
            Δεν έχουν αναφερθεί συμβάντα τις τελευταίες 90 ημέρες
          </p>
        )}
      </CardContent>
    </Card>
  );
}

function PlatformSettingsCard() {
  const queryClient = useQueryClient();
  const settings = usePlatformSettings();
  const save = useMutation({
    mutationFn: (body: PlatformSettings) => adminCalls.savePlatformSettings(body),
    onSuccess: (data) => {
      queryClient.setQueryData(queryKeys.platformSettings, data);
      toast({ title: 'Οι ρυθμίσεις αποθηκεύτηκαν', variant: 'success' });
    },
    onError: failed,
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Εγγραφές</CardTitle>
      </CardHeader>
      <CardContent>
        {settings.isPending ? (
          <Spinner />
        ) : settings.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Δεν ήταν δυνατή η φόρτωση των ρυθμίσεων.
          </p>
        ) : (
          <div className="flex items-start justify-between gap-4">
            <div>
              <Label htmlFor="signup-approval" className="font-semibold">
                Οι νέες εγγραφές χρειάζονται έγκριση
              </Label>
              <p id="signup-approval-text" className="mt-1 text-sm text-muted-foreground">
                Όταν είναι ενεργό, κάθε νέος λογαριασμός μένει σε αναμονή μέχρι να τον εγκρίνει ένας
                διαχειριστής.
              </p>
            </div>
            <Switch
              id="signup-approval"
              aria-describedby="signup-approval-text"
              checked={settings.data.signup_requires_approval}
              disabled={save.isPending}
              onCheckedChange={(v) => save.mutate({ signup_requires_approval: v })}
            />
          </div>
        )}
      </CardContent>
    </Card>
  );
}

// The digests' preview and "send now" (its own chunk: only this page needs it).
const DigestsCard = lazy(() => import('./digests-card').then((m) => ({ default: m.DigestsCard })));

export function SystemSettingsPage() {
  useStatusLive();
  return (
    <>
      <PageHeader description="Ρυθμίσεις που αφορούν ολόκληρη την πλατφόρμα: η σελίδα κατάστασης, τα συμβάντα, οι εγγραφές και οι συνόψεις με email." />
      <div className="grid gap-6 xl:grid-cols-2">
        <div className="space-y-6">
          <StatusEditor />
          <PlatformSettingsCard />
        </div>
        <IncidentsEditor />
      </div>
      <div className="mt-6">
        <Suspense fallback={<Spinner />}>
          <DigestsCard />
        </Suspense>
      </div>
      <div className="mt-6"><DataRightsSection /></div>
    </>
  );
}
