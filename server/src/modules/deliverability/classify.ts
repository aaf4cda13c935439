import type { MailEventKind } from '../../../../shared/constants';

/**
 * What a receiving server's refusal means for the address (pure). Hard: the address does not
 * exist or cannot take mail (5xx, status 5.1.x, 5.2.x but a full mailbox, 5.4.4, 5.5.x …).
 * Soft: try again later (4xx, 4.x.x), a full mailbox (5.2.2, 552) and policy refusals (5.7.x:
 * our reputation, not the address). Unknown answers count as soft, as listmonk does.
 */
export function classifyRefusal(smtpCode: number | null | undefined, statusCode: string | null | undefined): Exclude<MailEventKind, 'complaint' | 'delayed'> {
  const status = normaliseStatus(statusCode);
  if (status) {
    if (status.startsWith('4.')) return 'soft';
    if (status.startsWith('5.')) {
      if (status === '5.2.2' || status.startsWith('5.7.') || status === '5.3.4') return 'soft';
      return 'hard';
    }
  }
  if (typeof smtpCode === 'number' && Number.isFinite(smtpCode)) {
    if (smtpCode >= 400 && smtpCode < 500) return 'soft';
    if (smtpCode === 552) return 'soft';
    if (smtpCode >= 500 && smtpCode < 600) return 'hard';
  }
  return 'soft';
}

/** `5.1.1` from `5.1.1`, `#5.1.1`, `smtp; 5.1.1 (…)`; null when there is none. */
export function normaliseStatus(v: string | null | undefined): string | null {
  const m = /(?:^|[^\d.])([245])\.(\d{1,3})\.(\d{1,3})(?![\d.])/.exec(` ${v ?? ''}`);
  return m ? `${m[1]}.${Number(m[2])}.${Number(m[3])}` : null;
}

/** The enhanced status code at the start of a server's text (`550 5.1.1 No such user`), if any. */
export function statusOfText(text: string | null | undefined): string | null {
  return normaliseStatus(/^\s*\d{3}[\s-]+([245]\.\d{1,3}\.\d{1,3})/.exec(text ?? '')?.[1]);
}
