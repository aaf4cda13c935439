import { useId, useState, type FormEvent } from 'react';
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
}

/** Email + password form shared by /login and the hidden superadmin login page. */
export function EmailPasswordForm({
  onSubmit,
  submitting = false,
  submitLabel,
}: EmailPasswordFormProps) {
  const t = useT();
  const id = useId();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

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
      <Button type="submit" className="w-full" disabled={!onSubmit || submitting}>
        {submitting ? <Spinner size="sm" className="[&_svg]:text-current" /> : null}
        {submitLabel ?? t('auth.submitLogin')}
      </Button>
    </form>
  );
}
