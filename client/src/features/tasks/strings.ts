import { TASK_PRIORITY_LABELS, TASK_STATUS_LABELS } from '@shared/schemas/tasks';

export { TASK_PRIORITY_LABELS, TASK_STATUS_LABELS };

/** Strings of the task board (the spec's toasts and messages verbatim). */
export const TASK_STRINGS = {
  success: 'Επιτυχία',
  error: 'Σφάλμα',
  created: 'Η εργασία δημιουργήθηκε',
  updated: 'Η εργασία ενημερώθηκε',
  loadError: 'Σφάλμα κατά τη φόρτωση των εργασιών',
  createError: 'Σφάλμα κατά τη δημιουργία εργασίας',
  updateError: 'Σφάλμα κατά την ενημέρωση εργασίας',
  conflict:
    'Η εργασία άλλαξε στο μεταξύ από άλλο μέλος. Εμφανίζεται πλέον η τρέχουσα μορφή της — ελέγξτε την και επαναλάβετε την αλλαγή σας.',
  changedMeanwhile:
    'Άλλο μέλος άλλαξε αυτή την εργασία ενώ την επεξεργάζεστε. Αν αποθηκεύσετε, θα δείτε πρώτα την τρέχουσα μορφή της.',
  assigneeNotMember: 'Ο υπεύθυνος πρέπει να είναι μέλος του οργανισμού.',
  newTask: 'Νέα εργασία',
  createTitle: 'Δημιουργία εργασίας',
  createDescription: 'Η νέα εργασία ξεκινά ως «Ανοιχτή». Μόνο ο τίτλος είναι υποχρεωτικός.',
  editTitle: 'Επεξεργασία εργασίας',
  editDescription: 'Οι αλλαγές φαίνονται αμέσως σε όλα τα μέλη του οργανισμού.',
  create: 'Δημιουργία',
  save: 'Αποθήκευση',
  cancel: 'Ακύρωση',
  edit: 'Επεξεργασία',
  fieldTitle: 'Τίτλος',
  fieldTitlePlaceholder: 'π.χ. Αποστολή δελτίου για τα οικονομικά αποτελέσματα',
  fieldDescription: 'Περιγραφή',
  fieldAssignee: 'Υπεύθυνος',
  fieldPriority: 'Προτεραιότητα',
  fieldStatus: 'Κατάσταση',
  fieldDueDate: 'Προθεσμία',
  fieldRelease: 'Συνδεδεμένο δελτίο τύπου',
  noRelease: 'Χωρίς σύνδεση',
  unassigned: 'Χωρίς ανάθεση',
  search: 'Αναζήτηση εργασιών',
  searchPlaceholder: 'Αναζήτηση σε τίτλο και περιγραφή…',
  allStatuses: 'Όλες οι καταστάσεις',
  allPriorities: 'Όλες οι προτεραιότητες',
  allAssignees: 'Όλοι οι υπεύθυνοι',
  due: 'Προθεσμία',
  overdue: 'εκπρόθεσμη',
  creator: 'Δημιουργός',
  release: 'Δελτίο',
  clearFilters: 'Καθαρισμός φίλτρων',
  emptyFiltered: 'Δεν βρέθηκαν εργασίες που να ταιριάζουν με τα κριτήρια αναζήτησης',
  empty: 'Δεν υπάρχουν ακόμη εργασίες — δημιουργήστε την πρώτη',
  removedFromWorkspace: 'Αφαιρεθήκατε από τον οργανισμό. Δεν έχετε πλέον πρόσβαση στις εργασίες του.',
  noWorkspace: 'Δεν ανήκετε σε κανέναν οργανισμό.',
  readOnly: 'Ως αναθεωρητής βλέπετε τις εργασίες αλλά δεν μπορείτε να τις αλλάξετε.',
  otherOrganisation: 'Η εργασία του συνδέσμου ανήκει σε άλλον οργανισμό. Αλλάξτε οργανισμό από το μενού για να τη δείτε.',
  count: (shown: number, total: number) => (shown === total ? `${total} εργασίες` : `${shown} από ${total} εργασίες`),
} as const;

export const STATUS_BADGE: Record<keyof typeof TASK_STATUS_LABELS, string> = {
  open: 'bg-blue-100 text-blue-800 border-blue-200',
  in_progress: 'bg-amber-100 text-amber-900 border-amber-200',
  done: 'bg-green-100 text-green-800 border-green-200',
  blocked: 'bg-red-100 text-red-800 border-red-200',
};

export const PRIORITY_BADGE: Record<keyof typeof TASK_PRIORITY_LABELS, 'secondary' | 'info' | 'warning' | 'destructive'> = {
  low: 'secondary',
  normal: 'info',
  high: 'warning',
  urgent: 'destructive',
};
