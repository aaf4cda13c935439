import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { TERMS_VERSION } from '@shared/plans';
import { newPasswordForm, recoverForm, signInForm, signupBody, signupForm } from '@shared/schemas/auth';
import { importMediaBody } from '@shared/schemas/admin';
import { onboardingCompanyStep, onboardingForm, settingsPatch } from '@shared/schemas/dashboard';
import {
  contactForm,
  demoForm,
  incidentPatch,
  incidentUpdateForm,
  quoteForm,
} from '@shared/schemas/public-site';
import { coverageBody } from '@shared/schemas/reports';
import { FORM_MESSAGES, fieldMessages, formMessage, type FormMessages } from './form-messages';

/** The message a form would show for these values, as react-hook-form's resolver reports errors (type = zod issue code). */
function messageFor(
  schema: z.ZodType,
  values: Record<string, unknown>,
  messages: FormMessages = FORM_MESSAGES,
): string | null {
  const r = schema.safeParse(values);
  if (r.success) return null;
  const errors: Record<string, { type: string; message: string }> = {};
  for (const issue of r.error.issues) {
    const field = String(issue.path[0]);
    errors[field] ??= { type: issue.code, message: issue.message };
  }
  return formMessage(errors, values, messages);
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

describe('the account forms, from the shared auth schemas', () => {
  const signup = {
    userType: 'client',
    name: 'Ελένη Δημητρίου',
    email: 'eleni@example.gr',
    password: 'Thalassa-2026',
    confirmPassword: 'Thalassa-2026',
    organization: '',
    description: '',
    consent: true,
  };

  it('sign-up: required fields, then the e-mail, then mismatched, then short passwords, then the terms', () => {
    expect(messageFor(signupForm, signup)).toBeNull();
    expect(messageFor(signupForm, { ...signup, userType: undefined, password: '1' })).toBe(FORM_MESSAGES.required);
    expect(messageFor(signupForm, { ...signup, confirmPassword: '' })).toBe(FORM_MESSAGES.required);
    expect(messageFor(signupForm, { ...signup, email: 'eleni@' })).toBe(FORM_MESSAGES.badEmail);
    expect(messageFor(signupForm, { ...signup, confirmPassword: 'secret124' })).toBe(FORM_MESSAGES.passwordsMismatch);
    expect(messageFor(signupForm, { ...signup, password: '123', confirmPassword: '123' })).toBe(
      FORM_MESSAGES.passwordTooShort,
    );
    // The terms unticked: said after a mismatch, and alone when all else is right.
    expect(messageFor(signupForm, { ...signup, consent: false, confirmPassword: 'secret124' })).toBe(FORM_MESSAGES.passwordsMismatch);
    expect(messageFor(signupForm, { ...signup, consent: false })).toBe(FORM_MESSAGES.consent);
  });

  it('sign-up hands the server a body its own schema accepts', () => {
    const { userType: role, name, email, password, organization, description } = signupForm.parse({
      ...signup,
      email: ' Eleni@Example.gr ',
    });
    const body = signupBody.parse({ email, password, data: { role, name, organization, description }, terms_accepted: true, terms_version: TERMS_VERSION });
    expect(body).toMatchObject({ email: 'eleni@example.gr', data: { role: 'client', organization: null } });
  });

  it('new password and sign-in word "required" their own way', () => {
    const allFields = { ...FORM_MESSAGES, required: 'Παρακαλώ συμπληρώστε όλα τα πεδία' };
    expect(messageFor(newPasswordForm, { password: 'Thalassa-2026', confirmPassword: '' }, allFields)).toBe(
      allFields.required,
    );
    expect(messageFor(newPasswordForm, { password: 'short', confirmPassword: 'short' })).toBe(
      FORM_MESSAGES.passwordTooShort,
    );
    expect(messageFor(signInForm, { email: '', password: '' }, allFields)).toBe(allFields.required);
    expect(messageFor(signInForm, { email: 'eleni@example.gr', password: 'x' })).toBeNull();
    expect(messageFor(recoverForm, { email: 'eleni' })).toBe(FORM_MESSAGES.badEmail);
  });

  it('the onboarding wizard: a company name, http(s) links or none, a category; sent as the PATCH /profile body', () => {
    const company = { organization: 'Ακμή ΑΕ', website: '', company_logo_url: 'https://akmi.example/logo.png' };
    expect(onboardingCompanyStep.safeParse(company).success).toBe(true);
    expect(onboardingCompanyStep.safeParse({ ...company, organization: '  ' }).success).toBe(false);
    const badSite = onboardingCompanyStep.safeParse({ ...company, website: 'akmi.gr' });
    expect(badSite.success ? [] : badSite.error.issues.map((i) => i.path[0])).toEqual(['website']);
    expect(onboardingCompanyStep.safeParse({ ...company, company_logo_url: 'javascript:alert(1)' }).success).toBe(
      false,
    );
    expect(onboardingForm.safeParse(company).success).toBe(false);
    const body = onboardingForm.parse({ ...company, website: ' https://akmi.gr ', default_category: 'tech' });
    expect(body).toEqual({
      organization: 'Ακμή ΑΕ',
      website: 'https://akmi.gr',
      company_logo_url: 'https://akmi.example/logo.png',
      default_category: 'tech',
    });
    expect(settingsPatch.safeParse({ ...body, onboarded: true }).success).toBe(true);
  });

  it('an incident update: a message or a new status, sent as the server\'s incidentPatch', () => {
    const form = incidentUpdateForm('investigating');
    const own = { ...FORM_MESSAGES, required: 'Γράψτε μια ενημέρωση ή επιλέξτε νέα κατάσταση' };
    expect(messageFor(form, { message: '  ', status: 'investigating' }, own)).toBe(own.required);
    expect(form.parse({ message: ' Εντοπίστηκε η αιτία ', status: 'investigating' })).toEqual({
      message: 'Εντοπίστηκε η αιτία',
    });
    const resolved = form.parse({ message: '', status: 'resolved' });
    expect(resolved).toEqual({ message: null, status: 'resolved' });
    expect(incidentPatch.parse(resolved)).toEqual(resolved);
  });

  it('a coverage link and a bulk import are checked by the server\'s own body schemas', () => {
    const urlOnly = { ...FORM_MESSAGES, required: 'x', invalid: 'x' };
    expect(messageFor(coverageBody, { url: '' }, urlOnly)).toBe('x');
    expect(messageFor(coverageBody, { url: 'news.gr/a' }, urlOnly)).toBe('x');
    expect(coverageBody.parse({ url: ' https://news.gr/a ' })).toEqual({ url: 'https://news.gr/a' });
    expect(messageFor(importMediaBody, { text: ' \n ' })).toBe(FORM_MESSAGES.required);
    expect(importMediaBody.safeParse({ text: 'a@example.gr, b@example.gr' }).success).toBe(true);
  });
});

describe('fieldMessages', () => {
  function fieldsFor(values: Record<string, unknown>) {
    const r = signupForm.safeParse(values);
    const errors: Record<string, { type: string; message: string }> = {};
    if (!r.success) for (const issue of r.error.issues) errors[String(issue.path[0])] ??= { type: issue.code, message: issue.message };
    return fieldMessages(errors, values);
  }

  it('gives each sign-up field its own message', () => {
    expect(fieldsFor({ userType: 'client', name: '', email: 'x', password: '123', confirmPassword: '124', consent: false })).toEqual({
      name: FORM_MESSAGES.required,
      email: FORM_MESSAGES.badEmail,
      password: FORM_MESSAGES.passwordTooShort,
      confirmPassword: FORM_MESSAGES.passwordsMismatch,
      consent: FORM_MESSAGES.consent,
    });
    expect(fieldsFor({ userType: 'client', name: 'Ελένη', email: 'e@example.gr', password: 'Thalassa-2026', confirmPassword: 'Thalassa-2026', consent: true })).toEqual({});
  });
});
