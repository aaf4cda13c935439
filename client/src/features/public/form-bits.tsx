import * as React from 'react';
import { AppLink as Link } from '@client/components/nav';
import { AlertCircle } from 'lucide-react';
import { Label } from '@client/components/ui/label';

/** A labelled field; `required` adds the asterisk (the input itself stays noValidate-friendly). */
export function Field({
  id,
  label,
  required,
  hint,
  children,
}: {
  id: string;
  label: string;
  required?: boolean;
  hint?: string;
  children: React.ReactNode;
}) {
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>
        {label}
        {required ? (
          <span className="ml-0.5 text-destructive" aria-hidden>
            *
          </span>
        ) : null}
      </Label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** The inline message under a form (the same text also shows as a toast). */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      className="flex items-start gap-2 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800"
    >
      <AlertCircle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
      {message}
    </p>
  );
}

/** The privacy-policy consent checkbox of the contact and demo forms. */
export function ConsentCheckbox({
  id,
  checked,
  onChange,
}: {
  id: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        className="mt-1 h-4 w-4 shrink-0 rounded border-input accent-primary"
      />
      <label htmlFor={id} className="text-sm leading-relaxed text-muted-foreground">
        Συμφωνώ με την{' '}
        <Link to="/legal/privacy" className="font-medium text-primary underline underline-offset-2">
          πολιτική απορρήτου
        </Link>{' '}
        και την επεξεργασία των στοιχείων μου για την απάντηση στο αίτημά μου.
        <span className="ml-0.5 text-destructive" aria-hidden>
          *
        </span>
      </label>
    </div>
  );
}
