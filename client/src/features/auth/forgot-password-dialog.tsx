import { useId, useState, type FormEvent } from 'react';
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
import { authClient } from '@client/stores/session';

/** 'Ξέχασα τον κωδικό μου': mails a link to set a new password. */
export function ForgotPasswordDialog({ disabled, loginPath }: { disabled?: boolean; loginPath?: string }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [sending, setSending] = useState(false);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!/^\S+@\S+\.\S+$/.test(email.trim())) {
      toast({ title: 'Σφάλμα', description: 'Παρακαλώ εισάγετε ένα έγκυρο email', variant: 'destructive' });
      return;
    }
    setSending(true);
    try {
      await authClient.recover(email.trim(), loginPath);
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
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button type="button" variant="link" className="h-auto p-0 text-sm" disabled={disabled}>
          Ξέχασα τον κωδικό μου
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-4">
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
              value={email}
              onChange={(e) => setEmail(e.target.value)}
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
