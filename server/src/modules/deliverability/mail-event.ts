import type { MailEventKind, MailEventSource } from '../../../../shared/constants';

/**
 * One thing a receiving system told us about an e-mail, however it arrived: the SMTP answer
 * during sending, a delivery status notification (RFC 3464) or complaint report (ARF, RFC
 * 5965) at the inbound listener, or a provider's webhook. Every route parses into this and
 * hands it to recordMailEvent(), the one place that decides what it means.
 */
export interface MailEvent {
  via: MailEventSource;
  kind: MailEventKind;
  /** The recipient as reported (Final-Recipient, Original-Rcpt-To, the provider's field). */
  email: string;
  /** The outbox row, when the VERP address or the X-Deltio-Ref header named it. */
  outboxId?: number | null;
  /** Else the e-mail's Message-ID as the report quotes it. */
  messageId?: string | null;
  /** The enhanced status code (`5.1.1`). */
  statusCode?: string | null;
  /** The SMTP reply code (550). */
  smtpCode?: number | null;
  /** The receiving server's own words (Diagnostic-Code, the provider's description). */
  diagnostic?: string | null;
  remoteMta?: string | null;
  /**
   * Idempotency: the provider's event id, or a hash of the report. The same event received
   * twice (a DSN resent, a webhook retried) is recorded once.
   */
  providerEventId?: string | null;
  /** The start of the raw report, for the superadmin's inspection (≤ 16 KB kept). */
  rawExcerpt?: string | null;
}

export interface MailEventOutcome {
  /** False when it was already recorded (same provider event id). */
  recorded: boolean;
  eventId: number | null;
  /** The suppression it caused, if any. */
  suppressed: { id: string; reason: string; organisationId: string | null } | null;
  deliveryId: number | null;
}
