import type { ReviewStep, Version, VersionKind } from '@shared/schemas/versions';

const OUTCOME: Record<ReviewStep['outcome'], string> = {
  accepted: 'αποδοχή',
  rejected: 'απόρριψη',
  withdrawn: 'αποσύρθηκε',
  edited: 'άλλαξε στο κείμενο',
};

/** Greek strings of the version history. */
export const VERSION_STRINGS = {
  open: 'Ιστορικό εκδόσεων',
  title: 'Ιστορικό εκδόσεων',
  description: 'Εκδόσεις αποθηκεύονται αυτόματα μετά από παύση στην πληκτρολόγηση, σε κάθε αποστολή και όταν τις αποθηκεύετε εσείς.',
  saveLabel: 'Όνομα νέας έκδοσης',
  savePlaceholder: 'Έκδοση για έγκριση',
  save: 'Αποθήκευση έκδοσης',
  saved: 'Η έκδοση αποθηκεύτηκε',
  empty: 'Δεν υπάρχουν ακόμη εκδόσεις.',
  loadError: 'Δεν ήταν δυνατή η φόρτωση των εκδόσεων',
  kind: { auto: 'Αυτόματη', named: 'Ονομασμένη', send: 'Αποστολή', restore: 'Επαναφορά' } as Record<VersionKind, string>,
  select: 'Επιλογή για σύγκριση',
  compareSelected: 'Σύγκριση επιλεγμένων',
  compareCurrent: 'Σύγκριση με το τρέχον',
  compareTitle: 'Σύγκριση εκδόσεων',
  compareLegend: 'Με πράσινο ό,τι προστέθηκε, με κόκκινο ό,τι διαγράφηκε.',
  compareError: 'Δεν ήταν δυνατή η σύγκριση',
  titleLabel: 'Τίτλος',
  categoryLabel: 'Κατηγορία',
  listsLabel: 'Λίστες media',
  textLabel: 'Κείμενο',
  none: '—',
  restore: 'Επαναφορά',
  restoreTitle: (seq: number) => `Επαναφορά της έκδοσης ${seq};`,
  restoreText: (seq: number) =>
    `Ο τίτλος, το κείμενο, η κατηγορία και οι λίστες media θα γίνουν όπως στην έκδοση ${seq}, για όλους όσοι γράφουν τώρα. Η τρέχουσα μορφή κρατιέται ως έκδοση και η επαναφορά αναιρείται με «Αναίρεση επαναφοράς».`,
  restored: (seq: number) => `Η έκδοση ${seq} επαναφέρθηκε`,
  undo: 'Αναίρεση επαναφοράς',
  undone: 'Η επαναφορά αναιρέθηκε',
  banner: (seq: number, who: string, when: string) => `Επαναφέρθηκε η έκδοση ${seq} από ${who}, ${when}.`,
  dismiss: 'Απόκρυψη',
  cancel: 'Ακύρωση',
  error: 'Σφάλμα',
  success: 'Επιτυχία',
  failed: 'Η ενέργεια απέτυχε. Δοκιμάστε ξανά.',
  chars: (added: number, removed: number) => `+${added.toLocaleString('el-GR')} / −${removed.toLocaleString('el-GR')} χαρακτήρες`,
  restoredFrom: (seq: number) => `Επαναφορά της έκδοσης ${seq}`,
  reviewTitle: 'Προτάσεις που κρίθηκαν στο διάστημα',
  /** «Πρόταση από Νίκο · αποδοχή από Ελένη» («από», not «του»: a name's genitive is not known; withdrawn or edited away: no one decided). */
  reviewLine: (r: ReviewStep) =>
    `Πρόταση από ${r.author?.name ?? 'πρώην μέλος'} · ${OUTCOME[r.outcome]}${r.decidedBy && (r.outcome === 'accepted' || r.outcome === 'rejected') ? ` από ${r.decidedBy.name}` : ''}`,
};

export const versionTitle = (v: Pick<Version, 'seq' | 'name'>) => `Έκδοση ${v.seq}${v.name ? ` «${v.name}»` : ''}`;
