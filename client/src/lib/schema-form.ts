import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type DefaultValues, type FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { toast } from '@client/components/ui/use-toast';
import { FORM_MESSAGES, formMessage, type FormMessages } from './form-messages';

/**
 * A form checked against a shared zod schema (shared/schemas/), the same rules the server
 * applies: react-hook-form with the zod resolver. On an invalid submit the form's one Greek
 * message (lib/form-messages.ts) is kept in `message` for the inline alert and shown as a
 * toast; a valid submit hands over the schema's output (trimmed, empty strings as null).
 */
export function useSchemaForm<I extends FieldValues, O>(
  schema: z.ZodType<O, I>,
  defaultValues: DefaultValues<I>,
  options: {
    messages?: Partial<FormMessages>;
    title?: string;
    /** False for a one-field form whose inline message is all it needs (no toast). */
    toast?: boolean;
  } = {},
) {
  const messages = { ...FORM_MESSAGES, ...options.messages };
  const [message, setMessage] = useState<string | null>(null);
  const form = useForm<I, unknown, O>({ resolver: zodResolver(schema), defaultValues });
  const onSubmit = (valid: (values: O) => void | Promise<void>) =>
    form.handleSubmit(
      (values) => {
        setMessage(null);
        return valid(values);
      },
      (errors) => {
        const m = formMessage(errors, form.getValues() as Record<string, unknown>, messages);
        setMessage(m);
        if (m && options.toast !== false)
          toast({ title: options.title ?? 'Σφάλμα', description: m, variant: 'destructive' });
      },
    );
  return { form, message, onSubmit };
}
