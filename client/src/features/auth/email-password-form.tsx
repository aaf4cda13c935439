import { useId, type ReactNode } from 'react';
import { signInForm } from '@shared/schemas/auth';
import { Button } from '@client/components/ui/button';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { Spinner } from '@client/components/ui/spinner';
import { useT } from '@client/i18n';
import { useSchemaForm } from '@client/lib/schema-form';
import { AUTH_MESSAGES } from './auth-messages';

export interface Credentials {
  email: string;
  password: string;
}

interface EmailPasswordFormProps {
  /** Without a handler the submit button stays disabled. */
  onSubmit?: (credentials: Credentials) => void | Promise<void>;
  /** Disables every input and shows a spinner on the button. */
  submitting?: boolean;
  submitLabel?: string;
  /** Initial values (remount with a new key to apply others). */
  defaultValues?: Partial<Credentials>;
  /** Rendered under the password field (e.g. the forgot-password link). */
  extra?: ReactNode;
}

/** Email + password form shared by /login and the hidden superadmin login page, checked against the shared signInForm. */
export function EmailPasswordForm({
  onSubmit,
  submitting = false,
  submitLabel,
  defaultValues,
  extra,
}: EmailPasswordFormProps) {
  const t = useT();
  const id = useId();
  const { form, onSubmit: checked } = useSchemaForm(
    signInForm,
    { email: defaultValues?.email ?? '', password: defaultValues?.password ?? '' },
    { messages: { required: AUTH_MESSAGES.fillAllFields }, title: AUTH_MESSAGES.loginFailedTitle },
  );
  const submit = checked((credentials) => {
    if (onSubmit && !submitting) void onSubmit(credentials);
  });
  const invalid = (field: 'email' | 'password') => (form.formState.errors[field] ? true : undefined);

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <div className="space-y-2">
        <Label htmlFor={`${id}-email`}>{t('auth.email')}</Label>
        <Input
          id={`${id}-email`}
          type="email"
          autoComplete="email"
          placeholder={t('auth.emailPlaceholder')}
          {...form.register('email')}
          aria-invalid={invalid('email')}
          disabled={submitting}
          required
        />
      </div>
      <div className="space-y-2">
        <Label htmlFor={`${id}-password`}>{t('auth.password')}</Label>
        <Input
          id={`${id}-password`}
          type="password"
          autoComplete="current-password"
          {...form.register('password')}
          aria-invalid={invalid('password')}
          disabled={submitting}
          required
        />
      </div>
      {extra}
      <Button type="submit" className="w-full" disabled={!onSubmit || submitting}>
        {submitting ? <Spinner size="sm" className="[&_svg]:text-current" /> : null}
        {submitLabel ?? t('auth.submitLogin')}
      </Button>
    </form>
  );
}
