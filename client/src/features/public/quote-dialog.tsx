import { useState, type FormEvent } from 'react';
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
import { EMAIL_PATTERN, MSG, showValidation, useSendLead } from './public-api';

/** The Enterprise quote request: name, email and company required, message optional (a lead, source pricing). */
export function QuoteDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [form, setForm] = useState({ full_name: '', email: '', company: '', message: '' });
  const [error, setError] = useState<string | null>(null);
  const send = useSendLead();
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));

  function submit(e: FormEvent) {
    e.preventDefault();
    let problem: string | null = null;
    if (!form.full_name.trim() || !form.email.trim() || !form.company.trim())
      problem = MSG.required;
    else if (!EMAIL_PATTERN.test(form.email.trim())) problem = MSG.badEmail;
    setError(problem);
    if (problem) {
      showValidation(problem);
      return;
    }
    send.mutate({ ...form, source: 'pricing' }, { onSuccess: () => onOpenChange(false) });
  }

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
              value={form.full_name}
              onChange={set('full_name')}
              maxLength={120}
            />
          </Field>
          <Field id="quote-email" label="Email" required>
            <Input
              id="quote-email"
              type="email"
              autoComplete="email"
              value={form.email}
              onChange={set('email')}
              maxLength={254}
            />
          </Field>
          <Field id="quote-company" label="Εταιρεία" required>
            <Input
              id="quote-company"
              autoComplete="organization"
              value={form.company}
              onChange={set('company')}
              maxLength={200}
            />
          </Field>
          <Field id="quote-message" label="Μήνυμα">
            <Textarea
              id="quote-message"
              rows={4}
              value={form.message}
              onChange={set('message')}
              maxLength={5000}
              placeholder="Πόσα δελτία στέλνετε τον μήνα, πόσοι θα το χρησιμοποιούν, τι χρειάζεστε σε ασφάλεια και υποστήριξη..."
            />
          </Field>
          <FormError message={error} />
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
}
