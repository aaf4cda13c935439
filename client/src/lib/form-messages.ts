import type { FieldErrors } from 'react-hook-form';

/**
 * The one Greek message table of the forms that check themselves against the shared schemas
 * (lib/schema-form.ts). A form shows one message at a time, the first of these kinds that
 * any of its fields has, in this order (the spec's order: required fields, then the e-mail,
 * then the passwords, then the consent, then the date). A form may word a kind its own way
 * (the sign-in form's "all fields"), passing its table to useSchemaForm.
 */
export const FORM_MESSAGES = {
  required: 'Παρακαλώ συμπληρώστε όλα τα υποχρεωτικά πεδία',
  badEmail: 'Παρακαλώ εισάγετε έγκυρη διεύθυνση email',
  passwordsMismatch: 'Οι κωδικοί πρόσβασης δεν ταιριάζουν',
  passwordTooShort: 'Ο κωδικός πρόσβασης πρέπει να έχει τουλάχιστον 8 χαρακτήρες',
  consent: 'Παρακαλώ δεχτείτε την πολιτική απορρήτου',
  pastDate: 'Η ημερομηνία δεν μπορεί να είναι προγενέστερη της σημερινής',
  invalid: 'Ελέγξτε τα στοιχεία της φόρμας',
} as const;

export type FormMessageKind = keyof typeof FORM_MESSAGES;
export type FormMessages = Record<FormMessageKind, string>;
const ORDER = Object.keys(FORM_MESSAGES) as FormMessageKind[];

const empty = (v: unknown) =>
  v === undefined || v === null || v === false || (typeof v === 'string' && v.trim() === '');

/** What kind of problem a field's schema error is, judged by the field and what it holds. */
export function messageKind(
  field: string,
  value: unknown,
  type: string | undefined,
): FormMessageKind {
  if (field === 'consent') return 'consent';
  if (empty(value)) return 'required';
  if (field === 'email') return 'badEmail';
  if (field === 'confirmPassword') return 'passwordsMismatch';
  if (field === 'password') return 'passwordTooShort';
  if (field.endsWith('date') && type === 'custom') return 'pastDate';
  return 'invalid';
}

/** The one message a form shows for its errors, or null when it has none. */
export function formMessage(
  errors: FieldErrors,
  values: Record<string, unknown>,
  messages: FormMessages = FORM_MESSAGES,
): string | null {
  const kinds = new Set<FormMessageKind>();
  for (const [field, error] of Object.entries(errors)) {
    if (error)
      kinds.add(
        messageKind(field, values[field], typeof error.type === 'string' ? error.type : undefined),
      );
  }
  const first = ORDER.find((k) => kinds.has(k));
  return first ? messages[first] : null;
}

/** Each field's own message (for the line under it), by the same kinds as the form's one message. */
export function fieldMessages(
  errors: FieldErrors,
  values: Record<string, unknown>,
  messages: FormMessages = FORM_MESSAGES,
): Partial<Record<string, string>> {
  const out: Partial<Record<string, string>> = {};
  for (const [field, error] of Object.entries(errors)) {
    if (error)
      out[field] =
        messages[messageKind(field, values[field], typeof error.type === 'string' ? error.type : undefined)];
  }
  return out;
}
