import { useState } from 'react';
import { AlertTriangle, Mail } from 'lucide-react';
import { MAIL_BLOCK_CODES, MAIL_BLOCK_MESSAGES, mailBlock, type MailBlock } from '@shared/accounts';
import { ApiError } from '@client/api/errors';
import { Button } from '@client/components/ui/button';
import { Spinner } from '@client/components/ui/spinner';
import { authClient, useSession } from '@client/stores/session';

/**
 * Why nothing may be mailed on the signed-in user's behalf yet (the test e-mail, invitations,
 * send, schedule, approval requests and decisions), or null: the server's rule
 * (shared/accounts.ts) read from the profile, which reloads live on confirmation and approval.
 */
export function useMailBlock(): MailBlock | null {
  const emailConfirmed = useSession((s) => s.profile?.email_confirmed);
  const status = useSession((s) => s.profile?.status);
  if (emailConfirmed === undefined || status === undefined) return null;
  return mailBlock({ emailConfirmed, status });
}

/** The Greek text of the server's refusal of such an action (403 email_unconfirmed / account_not_approved), else null. */
export function mailBlockError(err: unknown): string | null {
  if (!(err instanceof ApiError) || !(MAIL_BLOCK_CODES as readonly string[]).includes(err.code)) return null;
  if (/[α-ω]/i.test(err.message)) return err.message;
  return err.code === 'email_unconfirmed' ? MAIL_BLOCK_MESSAGES.email_unconfirmed : MAIL_BLOCK_MESSAGES.pending;
}

const RESEND = 'Αποστολή νέου συνδέσμου';
const resent = (email: string) => `Σας στείλαμε νέο σύνδεσμο επιβεβαίωσης στο ${email}.`;
const RESEND_FAILED = 'Παρουσιάστηκε σφάλμα κατά την αποστολή';

/**
 * Says next to the disabled buttons why they are disabled; an unconfirmed address gets a
 * button for a new confirmation link. `text` replaces the rule's message where the screen has
 * its own words for it (the editor's pending note).
 */
export function MailBlockNotice({ block, text }: { block: MailBlock; text?: string }) {
  const email = useSession((s) => s.profile?.email);
  const [resend, setResend] = useState<'idle' | 'sending' | 'sent' | 'failed'>('idle');
  async function sendLink() {
    if (!email) return;
    setResend('sending');
    try {
      await authClient.resendConfirmation(email);
      setResend('sent');
    } catch (err) {
      console.error('New confirmation link not sent', err);
      setResend('failed');
    }
  }
  return (
    <div role="status" data-testid="mail-block" data-code={block.code} className="space-y-2 rounded-md bg-amber-50 p-2 text-sm text-amber-900">
      <p className="flex items-start gap-2">
        <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
        <span>{text ?? block.message}</span>
      </p>
      {block.code === 'email_unconfirmed' && email ? (
        resend === 'sent' ? (
          <p data-testid="mail-block-resent">{resent(email)}</p>
        ) : (
          <div className="flex flex-wrap items-center gap-2">
            <Button type="button" size="sm" variant="outline" onClick={() => void sendLink()} disabled={resend === 'sending'}>
              {resend === 'sending' ? <Spinner size="sm" /> : <Mail className="h-4 w-4" aria-hidden />}
              {RESEND}
            </Button>
            {resend === 'failed' ? <span className="text-destructive">{RESEND_FAILED}</span> : null}
          </div>
        )
      ) : null}
    </div>
  );
}
