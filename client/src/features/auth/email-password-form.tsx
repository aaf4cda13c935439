import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '@client/components/ui/button';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { Spinner } from '@client/components/ui/spinner';
import { useT } from '@client/i18n';

export interface Credentials {
  email: string;
  password: string;
}

interface EmailPasswordFormProps {
  /** Without a handler the submit button stays disabled (the accounts issue wires it). */
  onSubmit?: (credentials: Credentials) => void | Promise<void>;
  /** Disables every input and shows a spinner on the button. */
  submitting?: boolean;
  submitLabel?: string;
  /** Initial values (remount with a new key to apply others). */
  defaultValues?: Partial<Credentials>;
  /** Rendered under the password field (e.g. the forgot-password link). */
  extra?: ReactNode;
}

/** Email + password form shared by /login and the hidden superadmin login page. */
export function EmailPasswordForm({
  onSubmit,
  submitting = false,
  submitLabel,
  defaultValues,
  extra,
}: EmailPasswordFormProps) {
  const t = useT();
  const id = useId();
  const [email, setEmail] = useState(defaultValues?.email ?? '');
  const [password, setPassword] = useState(defaultValues?.password ?? '');

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!onSubmit || submitting) return;
    void onSubmit({ email, password });
  }

  return (
    <form onSubmit={handleSubmit} className="space-y-4" noValidate>
      <div className="space-y-2">
        <Label htmlFor={`${id}-email`}>{t('auth.email')}</Label>
        <Input
          id={`${id}-email`}
          name="email"
          type="email"
          autoComplete="email"
          placeholder={t('auth.emailPlaceholder')}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          disabled={submitting}
          required
        />
      </div>
      <div className="space-y-2">
        <Label htmlFor={`${id}-password`}>{t('auth.password')}</Label>
        <Input
          id={`${id}-password`}
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
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
