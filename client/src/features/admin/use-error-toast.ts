import { useEffect } from 'react';
import { toast } from '@client/components/ui/use-toast';
import { ERR } from './strings';

/** A destructive 'Σφάλμα' toast with the spec's message each time a load fails (and the error is logged). */
export function useErrorToast(error: unknown, message: string): void {
  useEffect(() => {
    if (!error) return;
    console.warn(message, error);
    toast({ title: ERR.title, description: message, variant: 'destructive' });
  }, [error, message]);
}

export function errorToast(message: string, detail?: string, err?: unknown): void {
  if (err) console.warn(message, err);
  toast({ title: ERR.title, description: detail ? `${message}. ${detail}` : message, variant: 'destructive' });
}
