import { CATEGORY_LABELS, type AuditAction, type Category } from '@shared/constants';
import type { AuditLog } from '@shared/schemas/admin';
import { count } from '@shared/plural';
import { formatDateTime } from '@client/lib/dates';
import { ORGANISATION_ROLE_LABELS } from '@shared/organisation-roles';
import { PLAN_LABELS, ROLE_LABELS } from '@client/features/admin/strings';

/**
 * The audit log in Greek sentences («Η Μαρία Π. ενέκρινε την Ελένη Β.»): names shortened to a
 * first name and an initial, the article and the accusative of a Greek first name from its
 * ending (-ος/-ης/-ας masculine, -α/-η/-ω feminine; any other, e.g. a Latin name, without an
 * article), titles in «», never an id or a raw key.
 */

type Gender = 'm' | 'f' | null;

function genderOf(first: string): Gender {
  if (!/^[\u0370-\u03ff\u1f00-\u1fff]+$/u.test(first)) return null;
  if (/ς$/u.test(first)) return 'm';
  if (/[αάηήωώ]$/u.test(first)) return 'f';
  return null;
}

/** «Μαρία Παπαδοπούλου» → «Μαρία Π.»; an e-mail address or a single word stays as it is. */
export function shortName(name: string): string {
  const words = name.trim().split(/\s+/u);
  if (words.length < 2 || name.includes('@')) return name.trim();
  const last = words[words.length - 1]!;
  return `${words[0]} ${last[0]!.toLocaleUpperCase('el')}.`;
}

/** As the subject: «Η Μαρία Π.», «Ο Γιώργος Α.», «Deltio Admin». */
export function asSubject(name: string): string {
  const short = shortName(name);
  const g = genderOf(short.split(' ')[0]!);
  return g === 'm' ? `Ο ${short}` : g === 'f' ? `Η ${short}` : short;
}

/** As the object: «την Ελένη Β.», «τον Γιώργο Α.» (the final ς dropped), «Deltio Admin». */
export function asObject(name: string): string {
  const short = shortName(name);
  const [first, ...rest] = short.split(' ');
  const g = genderOf(first!);
  if (g === 'm') return ['τον', first!.replace(/ς$/u, ''), ...rest].join(' ');
  return g === 'f' ? `την ${short}` : short;
}

const quoted = (s: string | null | undefined) => `«${(s ?? '').trim() || 'Χωρίς τίτλο'}»`;
const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const change = (v: unknown): { from: unknown; to: unknown } | null =>
  v && typeof v === 'object' && 'from' in v && 'to' in v ? (v as { from: unknown; to: unknown }) : null;
const listName = (c: unknown) => (typeof c === 'string' && c in CATEGORY_LABELS ? `«${CATEGORY_LABELS[c as Category]}»` : 'μέσων');
/** A role or plan by its Greek name, in «» (so the name keeps its nominative after «από … σε»). */
const roleName = (r: unknown) => `«${typeof r === 'string' ? ((ROLE_LABELS as Record<string, string>)[r] ?? (ORGANISATION_ROLE_LABELS as Record<string, string>)[r] ?? r) : ''}»`;
const planName = (p: unknown) => `«${typeof p === 'string' ? ((PLAN_LABELS as Record<string, string>)[p] ?? p) : ''}»`;
const versionOf = (m: Record<string, unknown>) => (num(m.seq) !== null ? ` ${num(m.seq)}` : '');

type Describe = (e: { who: string; m: Record<string, unknown>; label: string | null; subject: string | null }) => string;

/** The release's title: its current one, else the one recorded with the entry. */
const title = (e: { m: Record<string, unknown>; label: string | null }) => quoted(e.label ?? str(e.m.title));
const organisation = (e: { m: Record<string, unknown>; label: string | null }) => quoted(e.label ?? str(e.m.organisation) ?? str(e.m.name));
const userNamed = (e: { m: Record<string, unknown>; label: string | null }) => asObject(e.label ?? str(e.m.name) ?? str(e.m.email) ?? 'έναν χρήστη');
const member = (e: { m: Record<string, unknown>; subject: string | null }) => (e.subject ? asObject(e.subject) : 'ένα πρώην μέλος');

const SENTENCES: Record<AuditAction, Describe> = {
  'user.approve': (e) => `${e.who} ενέκρινε ${userNamed(e)}${e.m.bulk ? ' (μαζική έγκριση)' : ''}`,
  'user.reject': (e) => `${e.who} απέρριψε την εγγραφή: ${shortName(e.label ?? str(e.m.name) ?? str(e.m.email) ?? '')}`,
  'user.ban': (e) => `${e.who} απέκλεισε ${userNamed(e)}`,
  'user.unban': (e) => `${e.who} ήρε τον αποκλεισμό: ${shortName(e.label ?? str(e.m.name) ?? '')}`,
  'user.role_change': (e) => {
    const r = change(e.m.role);
    return `${e.who} άλλαξε τον ρόλο: ${shortName(e.label ?? str(e.m.name) ?? '')}${r ? `, από ${roleName(r.from)} σε ${roleName(r.to)}` : ''}`;
  },
  'user.deactivate': (e) => `${e.who} απενεργοποίησε τον λογαριασμό: ${shortName(e.label ?? str(e.m.name) ?? '')}`,
  'user.activate': (e) => `${e.who} ενεργοποίησε τον λογαριασμό: ${shortName(e.label ?? str(e.m.name) ?? '')}`,
  'media_list.add': (e) => {
    const added = Array.isArray(e.m.added) ? (e.m.added as { email?: unknown }[]) : [];
    const emails = added.map((a) => str(a.email)).filter((x): x is string => x !== null);
    const who = emails.length > 0 && emails.length <= 3 ? `: ${emails.join(', ')}` : '';
    return `${e.who} πρόσθεσε ${count(added.length || 1, 'δημοσιογράφο', 'δημοσιογράφους')} στη λίστα ${listName(e.m.category)}${who}`;
  },
  'media_list.remove': (e) =>
    `${e.who} αφαίρεσε ${str(e.m.name) ? asObject(str(e.m.name)!) : 'έναν δημοσιογράφο'}${str(e.m.email) ? ` (${str(e.m.email)})` : ''} από τη λίστα ${listName(e.m.category)}`,
  'media_list.bulk_import': (e) => {
    const notFound = Array.isArray(e.m.notFound) ? e.m.notFound.filter((x): x is string => typeof x === 'string') : [];
    const found = num(e.m.found);
    const total = num(e.m.total);
    const tally = found !== null && total !== null ? ` (βρέθηκαν ${found} από ${count(total, 'e-mail', 'e-mail')}${notFound.length ? `· δεν βρέθηκαν: ${notFound.join(', ')}` : ''})` : '';
    return `${e.who} εισήγαγε ${count(num(e.m.added) ?? 0, 'δημοσιογράφο', 'δημοσιογράφους')} στη λίστα ${listName(e.m.category)}${tally}`;
  },
  'press_release.sent': (e) =>
    `${e.who} έστειλε το δελτίο ${title(e)}${num(e.m.recipients) !== null ? ` σε ${count(num(e.m.recipients)!, 'παραλήπτη', 'παραλήπτες')}` : ''}`,
  'newsletter.daily.run': (e) => `${e.who} έστειλε την ημερήσια σύνοψη σε ${count(num(e.m.recipients) ?? 0, 'παραλήπτη', 'παραλήπτες')}`,
  'newsletter.weekly.run': (e) => `${e.who} έστειλε την εβδομαδιαία σύνοψη σε ${count(num(e.m.recipients) ?? 0, 'παραλήπτη', 'παραλήπτες')}`,
  'email.sent': (e) => `Μπήκαν στην ουρά ${count(num(e.m.emails) ?? 0, 'e-mail', 'e-mail')} του δελτίου ${title(e)}`,
  'task.create': (e) => `${e.who} δημιούργησε την εργασία ${title(e)}`,
  'task.update': (e) => `${e.who} ενημέρωσε την εργασία ${title(e)}`,
  'press_release.scheduled': (e) =>
    `${e.who} προγραμμάτισε την αποστολή του δελτίου ${title(e)}${str(e.m.scheduledAt) ? ` για ${formatDateTime(str(e.m.scheduledAt)!)}` : ''}`,
  'press_release.unscheduled': (e) => `${e.who} ακύρωσε τον προγραμματισμό του δελτίου ${title(e)}`,
  'press_release.schedule_failed': (e) => `Η προγραμματισμένη αποστολή του δελτίου ${title(e)} δεν έγινε`,
  'press_release.archived': (e) => `${e.who} αρχειοθέτησε το δελτίο ${title(e)}`,
  'press_release.deleted': (e) => `${e.who} διέγραψε το πρόχειρο ${quoted(str(e.m.title) ?? e.label)}`,
  'email.test': (e) => `${e.who} έστειλε δοκιμαστικό e-mail του δελτίου ${title(e)}`,
  'press_release.version_saved': (e) => `${e.who} αποθήκευσε την Έκδοση${versionOf(e.m)} του δελτίου ${title(e)}`,
  'press_release.version_restored': (e) => `${e.who} επανέφερε την Έκδοση${versionOf(e.m)} του δελτίου ${title(e)}`,
  'approval.requested': (e) => `${e.who} ζήτησε έγκριση για την Έκδοση${versionOf(e.m)} του δελτίου ${title(e)}`,
  'approval.approved': (e) => `${e.who} ενέκρινε την Έκδοση${versionOf(e.m)} του δελτίου ${title(e)}`,
  'approval.rejected': (e) => `${e.who} απέρριψε την Έκδοση${versionOf(e.m)} του δελτίου ${title(e)}`,
  'approval.stale': (e) => `Το δελτίο ${title(e)} άλλαξε μετά την έγκριση της Έκδοσης${versionOf(e.m)}`,
  'approval.send_refused': (e) => `Η αποστολή του δελτίου ${title(e)} δεν έγινε: χρειάζεται ισχύουσα έγκριση και κλειστός έλεγχος`,
  'workspace.settings_changed': (e) =>
    `${e.who} ${e.m.approval_required ? 'έκανε υποχρεωτική' : 'κατάργησε'} την έγκριση πριν από την αποστολή στον οργανισμό ${organisation(e)}`,
  'workspace.member_role_changed': (e) =>
    `${e.who} άλλαξε τον ρόλο: ${e.subject ? shortName(e.subject) : 'πρώην μέλος'}, στον οργανισμό ${organisation(e)}, από ${roleName(e.m.from)} σε ${roleName(e.m.to)}`,
  'workspace_word.add': (e) => `${e.who} πρόσθεσε τη λέξη «${str(e.m.word) ?? ''}» στο λεξικό του οργανισμού ${organisation(e)}`,
  'workspace_word.remove': (e) => `${e.who} αφαίρεσε τη λέξη «${str(e.m.word) ?? ''}» από το λεξικό του οργανισμού ${organisation(e)}`,
  'user.trial_extend': (e) => `${e.who} παρέτεινε τη δοκιμή του οργανισμού ${organisation(e)} κατά ${count(num(e.m.days) ?? 0, 'ημέρα', 'ημέρες')}`,
  'user.plan_change': (e) => {
    const p = change(e.m.plan);
    return `${e.who} άλλαξε το πλάνο του οργανισμού ${organisation(e)}${p ? ` από ${planName(p.from)} σε ${planName(p.to)}` : ''}`;
  },
  'organisation.member_removed': (e) =>
    e.m.left ? `${e.who} αποχώρησε από τον οργανισμό ${organisation(e)}` : `${e.who} αφαίρεσε ${member(e)} από τον οργανισμό ${organisation(e)}`,
  'organisation.deleted': (e) => `${e.who} διέγραψε τον οργανισμό ${quoted(str(e.m.name) ?? e.label)}`,
  'comment.created': (e) => `${e.who} σχολίασε το δελτίο ${title(e)}`,
  'comment.replied': (e) => `${e.who} απάντησε σε σχόλιο στο δελτίο ${title(e)}`,
  'comment.edited': (e) => `${e.who} άλλαξε ένα σχόλιο στο δελτίο ${title(e)}`,
  'comment.deleted': (e) => `${e.who} διέγραψε ένα σχόλιο στο δελτίο ${title(e)}`,
  'comment.resolved': (e) => `${e.who} έκλεισε ένα σχόλιο στο δελτίο ${title(e)}`,
  'comment.reopened': (e) => `${e.who} άνοιξε ξανά ένα σχόλιο στο δελτίο ${title(e)}`,
  'suggestion.accepted': (e) => `${e.who} αποδέχτηκε μια προτεινόμενη αλλαγή στο δελτίο ${title(e)}`,
  'suggestion.rejected': (e) => `${e.who} απέρριψε μια προτεινόμενη αλλαγή στο δελτίο ${title(e)}`,
  'sending_domain.added': (e) => `${e.who} πρόσθεσε τον τομέα αποστολής ${e.label ?? str(e.m.domain) ?? ''}`,
  'sending_domain.verified': (e) => `Ο τομέας αποστολής ${e.label ?? str(e.m.domain) ?? ''} επαληθεύτηκε`,
  'sending_domain.failed': (e) => `Η επαλήθευση του τομέα αποστολής ${e.label ?? str(e.m.domain) ?? ''} απέτυχε`,
  'sending_domain.removed': (e) => `${e.who} αφαίρεσε τον τομέα αποστολής ${str(e.m.domain) ?? e.label ?? ''}`,
  'suppression.added': (e) => `${e.who} πρόσθεσε ${str(e.m.email) ?? 'μια διεύθυνση'} στη λίστα αποκλεισμού`,
  'suppression.removed': (e) => `${e.who} αφαίρεσε ${str(e.m.email) ?? 'διευθύνσεις'} από τη λίστα αποκλεισμού`,
  'suppression.imported': (e) => `${e.who} εισήγαγε διευθύνσεις στη λίστα αποκλεισμού`,
  'suppression.exported': (e) => `${e.who} εξήγαγε τη λίστα αποκλεισμού (${count(num(e.m.rows) ?? 0, 'διεύθυνση', 'διευθύνσεις')})`,
  'account.data_exported': (e) => `${e.who} κατέβασε αντίγραφο των δεδομένων του λογαριασμού${e.m.files === 'include' ? ' (με τα αρχεία)' : ''}`,
  'account.erasure_requested': (e) => `${e.who} ζήτησε διαγραφή λογαριασμού`,
  'account.erasure_scheduled': (e) =>
    `${e.who} επιβεβαίωσε τη διαγραφή λογαριασμού${str(e.m.dueAt) ? `· θα γίνει στις ${formatDateTime(str(e.m.dueAt)!)}` : ''}`,
  'account.erasure_cancelled': (e) =>
    e.m.by === 'superadmin'
      ? `${e.who} ακύρωσε τη διαγραφή λογαριασμού: ${e.subject ? shortName(e.subject) : 'χρήστης'}`
      : e.m.by === 'sign_in'
        ? `${e.who} συνδέθηκε· η διαγραφή λογαριασμού ακυρώθηκε`
        : `${e.who} απέσυρε το αίτημα διαγραφής λογαριασμού`,
  'account.erased': (e) =>
    e.m.early
      ? `${e.who} διέγραψε νωρίτερα τον λογαριασμό: ${e.subject ? shortName(e.subject) : 'χρήστης'}`
      : `Ο λογαριασμός διαγράφηκε στη λήξη της προθεσμίας: ${e.subject ? shortName(e.subject) : 'χρήστης'}`,
  'bounce.suppressed': (e) =>
    `Η διεύθυνση ${str(e.m.email) ?? ''} μπήκε στη λίστα αποκλεισμού μετά από ${e.m.reason === 'complaint' ? 'καταγγελία' : 'επιστροφή'}`,
};

/** One entry as a Greek sentence. */
export function auditSentence(r: Pick<AuditLog, 'action_type' | 'actor_name' | 'actor_email' | 'entity_label' | 'subject_name' | 'metadata'>): string {
  const actor = r.actor_name ?? r.actor_email;
  const who = actor ? asSubject(actor) : 'Το σύστημα';
  return SENTENCES[r.action_type]({ who, m: r.metadata, label: r.entity_label, subject: r.subject_name });
}
