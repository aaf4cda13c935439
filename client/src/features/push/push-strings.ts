import { toast } from '@client/components/ui/use-toast';
import { PushPermissionDenied } from './push-worker';

export const PUSH_STRINGS = {
  title: 'Ειδοποιήσεις push',
  text: 'Λάβετε ειδοποίηση σε αυτή τη συσκευή μόλις σας σταλεί ένα δελτίο τύπου, ακόμη κι όταν το Deltio δεν είναι ανοιχτό. Ισχύουν οι κατηγορίες, οι αποκλεισμοί και το ημερήσιο όριό σας.',
  switchLabel: 'Ειδοποιήσεις σε αυτή τη συσκευή',
  devices: (n: number) => (n === 0 ? 'Καμία συσκευή δεν λαμβάνει ειδοποιήσεις.' : n === 1 ? '1 συσκευή λαμβάνει ειδοποιήσεις.' : `${n.toLocaleString('el-GR')} συσκευές λαμβάνουν ειδοποιήσεις.`),
  unsupported: 'Αυτός ο φυλλομετρητής δεν υποστηρίζει ειδοποιήσεις push. Στο iPhone και στο iPad, προσθέστε πρώτα το Deltio στην οθόνη αφετηρίας.',
  unavailable: 'Οι ειδοποιήσεις push δεν είναι διαθέσιμες αυτή τη στιγμή.',
  denied: 'Έχετε αποκλείσει τις ειδοποιήσεις για το Deltio. Επιτρέψτε τες από τις ρυθμίσεις ιστότοπου του φυλλομετρητή σας και δοκιμάστε ξανά.',
  enabled: 'Οι ειδοποιήσεις ενεργοποιήθηκαν σε αυτή τη συσκευή',
  disabled: 'Οι ειδοποιήσεις απενεργοποιήθηκαν σε αυτή τη συσκευή',
  error: 'Σφάλμα',
  enableError: 'Δεν ήταν δυνατή η ενεργοποίηση των ειδοποιήσεων. Δοκιμάστε ξανά.',
  disableError: 'Δεν ήταν δυνατή η απενεργοποίηση των ειδοποιήσεων. Δοκιμάστε ξανά.',
  success: 'Επιτυχία',
};

export function failedEnable(err: unknown) {
  if (err instanceof PushPermissionDenied) {
    toast({ title: PUSH_STRINGS.error, description: PUSH_STRINGS.denied, variant: 'destructive' });
    return;
  }
  console.error('Enabling push failed', err);
  toast({ title: PUSH_STRINGS.error, description: PUSH_STRINGS.enableError, variant: 'destructive' });
}

