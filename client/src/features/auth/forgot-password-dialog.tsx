import { useId, useState } from 'react';
import { recoverForm } from '@shared/schemas/auth';
import { Button } from '@client/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@client/components/ui/dialog';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { toast } from '@client/components/ui/use-toast';
import { useSchemaForm } from '@client/lib/schema-form';
import { authClient } from '@client/stores/session';

/** 'Ξέχασα τον κωδικό μου': mails a link to set a new password. */
export function ForgotPasswordDialog({ disabled, loginPath }: { disabled?: boolean; loginPath?: string }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const { form, onSubmit } = useSchemaForm(recoverForm, { email: '' });
  const [sending, setSending] = useState(false);

  const submit = onSubmit(async ({ email }) => {
    setSending(true);
    try {
      await authClient.recover(email, loginPath);
      toast({
        title: 'Ελέγξτε το email σας',
        description: 'Αν υπάρχει λογαριασμός με αυτό το email, θα λάβετε σύνδεσμο για νέο κωδικό.',
        variant: 'success',
      });
      setOpen(false);
    } catch {
      toast({ title: 'Σφάλμα', description: 'Παρουσιάστηκε σφάλμα κατά την αποστολή', variant: 'destructive' });
    } finally {
      setSending(false);
    }
  });

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button type="button" variant="link" className="h-auto p-0 text-sm" disabled={disabled}>
          Ξέχασα τον κωδικό μου
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form onSubmit={submit} noValidate className="space-y-4">
          <DialogHeader>
            <DialogTitle>Επαναφορά κωδικού πρόσβασης</DialogTitle>
            <DialogDescription>Θα σας στείλουμε σύνδεσμο για να ορίσετε νέο κωδικό.</DialogDescription>
          </DialogHeader>
          <div className="space-y-2">
            <Label htmlFor={`${id}-email`}>Email</Label>
            <Input
              id={`${id}-email`}
              type="email"
              autoComplete="email"
              {...form.register('email')}
              aria-invalid={form.formState.errors.email ? true : undefined}
              disabled={sending}
            />
          </div>
          <DialogFooter>
            <Button type="submit" disabled={sending}>
              Αποστολή συνδέσμου
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
