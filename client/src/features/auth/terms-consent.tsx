import type { InputHTMLAttributes } from 'react';

/**
 * The terms checkbox of the sign-up and the invitation: "I accept the terms of use and have
 * read the privacy policy", each a link opening in a new tab. `input` carries the form's
 * registration and its aria attributes.
 */
export function TermsConsent({ id, input }: { id: string; input: InputHTMLAttributes<HTMLInputElement> }) {
  return (
    <div className="flex items-start gap-2.5 text-sm">
      <input
        id={id}
        type="checkbox"
        {...input}
        className="mt-0.5 h-4 w-4 shrink-0 rounded border-input accent-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      />
      <label htmlFor={id} className="leading-snug">
        Αποδέχομαι τους{' '}
        <a href="/legal/terms" target="_blank" rel="noopener" className="font-medium text-primary underline">
          όρους χρήσης
        </a>{' '}
        και έχω διαβάσει την{' '}
        <a href="/legal/privacy" target="_blank" rel="noopener" className="font-medium text-primary underline">
          πολιτική απορρήτου
        </a>
        . *
      </label>
    </div>
  );
}
