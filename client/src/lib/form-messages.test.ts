import { describe, expect, it } from 'vitest';
import { contactForm, demoForm, quoteForm } from '@shared/schemas/public-site';
import { FORM_MESSAGES, formMessage } from './form-messages';

/** The message a form would show for these values, as react-hook-form's resolver reports errors (type = zod issue code). */
function messageFor(
  schema: typeof contactForm | typeof quoteForm | typeof demoForm,
  values: Record<string, unknown>,
): string | null {
  const r = schema.safeParse(values);
  if (r.success) return null;
  const errors: Record<string, { type: string; message: string }> = {};
  for (const issue of r.error.issues) {
    const field = String(issue.path[0]);
    errors[field] ??= { type: issue.code, message: issue.message };
  }
  return formMessage(errors, values);
}

const contact = {
  full_name: 'Μαρία Παπαδοπούλου',
  email: 'maria@example.gr',
  company: '',
  message: 'Γεια σας',
  consent: true,
};
const demo = {
  full_name: 'Νίκος',
  email: 'nikos@example.gr',
  company: 'Καθημερινή',
  role: 'media',
  preferred_date: '',
  preferred_time: '',
  notes: '',
  consent: true,
};

describe('the forms’ one message, from the shared schemas', () => {
  it('accepts a complete form', () => {
    expect(messageFor(contactForm, contact)).toBeNull();
    expect(messageFor(demoForm, demo)).toBeNull();
    expect(messageFor(quoteForm, { ...contact, company: 'Αιγαίο Α.Ε.' })).toBeNull();
  });

  it('asks for required fields first, whatever else is wrong', () => {
    expect(
      messageFor(contactForm, { ...contact, message: '  ', email: 'not-an-email', consent: false }),
    ).toBe(FORM_MESSAGES.required);
    expect(messageFor(demoForm, { ...demo, role: '' })).toBe(FORM_MESSAGES.required);
    expect(messageFor(quoteForm, { ...contact, company: '' })).toBe(FORM_MESSAGES.required);
  });

  it('then the e-mail, then the consent', () => {
    expect(messageFor(contactForm, { ...contact, email: 'maria@', consent: false })).toBe(
      FORM_MESSAGES.badEmail,
    );
    expect(messageFor(contactForm, { ...contact, consent: false })).toBe(FORM_MESSAGES.consent);
  });

  it('refuses a demo date before today', () => {
    expect(messageFor(demoForm, { ...demo, preferred_date: '2020-01-01' })).toBe(
      FORM_MESSAGES.pastDate,
    );
  });

  it('hands the server what it expects: trimmed text, empty optional fields as null', () => {
    const r = contactForm.parse({ ...contact, full_name: '  Μαρία  ' });
    expect(r).toMatchObject({ full_name: 'Μαρία', company: null, consent: true });
  });
});
