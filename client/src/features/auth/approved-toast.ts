import { toast } from '@client/components/ui/use-toast';

/** The toast the moment a superadmin approves the account (the status screen and the signed-in shell). */
export function toastApproved(): void {
  toast({ title: 'Ο λογαριασμός σας εγκρίθηκε', description: 'Καλώς ήρθατε! Έχετε πλέον πλήρη πρόσβαση στην πλατφόρμα.', variant: 'success' });
}
