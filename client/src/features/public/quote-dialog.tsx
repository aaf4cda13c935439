import { quoteForm } from '@shared/schemas/public-site';
import { withQueryClient } from '@client/api/query-client';
import { Button } from '@client/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
import { Input } from '@client/components/ui/input';
import { Textarea } from '@client/components/ui/textarea';
import { Field, FormError } from './form-bits';
import { useSchemaForm } from '@client/lib/schema-form';
import { useSendLead } from './public-api';

/** The Enterprise quote request (its own query cache on a prerendered page, api/query-client.ts): name, email and company required, message optional (a lead, source pricing). */
export const QuoteDialog = withQueryClient(function QuoteDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { form, message, onSubmit } = useSchemaForm(quoteForm, {
    full_name: '',
    email: '',
    company: '',
    message: '',
  });
  const send = useSendLead();
  const submit = onSubmit((lead) =>
    send.mutate({ ...lead, source: 'pricing' }, { onSuccess: () => onOpenChange(false) }),
  );
  const invalid = (field: keyof typeof form.formState.errors) =>
    form.formState.errors[field] ? true : undefined;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Ζητήστε προσφορά για το Enterprise</DialogTitle>
          <DialogDescription>
            Πείτε μας λίγα λόγια για τον οργανισμό σας και θα σας στείλουμε εξατομικευμένη προσφορά
            εντός 24 ωρών.
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} className="space-y-4" aria-label="Αίτημα προσφοράς">
          <Field id="quote-name" label="Ονοματεπώνυμο" required>
            <Input
              id="quote-name"
              autoComplete="name"
              {...form.register('full_name')}
              aria-invalid={invalid('full_name')}
              maxLength={120}
            />
          </Field>
          <Field id="quote-email" label="Email" required>
            <Input
              id="quote-email"
              type="email"
              autoComplete="email"
              {...form.register('email')}
              aria-invalid={invalid('email')}
              maxLength={254}
            />
          </Field>
          <Field id="quote-company" label="Εταιρεία" required>
            <Input
              id="quote-company"
              autoComplete="organization"
              {...form.register('company')}
              aria-invalid={invalid('company')}
              maxLength={200}
            />
          </Field>
          <Field id="quote-message" label="Μήνυμα">
            <Textarea
              id="quote-message"
              rows={4}
              {...form.register('message')}
              aria-invalid={invalid('message')}
              maxLength={5000}
              placeholder="Πόσα δελτία στέλνετε τον μήνα, πόσοι θα το χρησιμοποιούν, τι χρειάζεστε σε ασφάλεια και υποστήριξη..."
            />
          </Field>
          <FormError message={message} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Ακύρωση
            </Button>
            <Button type="submit" disabled={send.isPending}>
              {send.isPending ? 'Αποστολή...' : 'Αποστολή αιτήματος'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
});
