import type { AppContext } from '../../context';
import { classifyRefusal, normaliseStatus, statusOfText } from './classify';
import { recordMailEvent } from './record-mail-event';
import { registerDomainRecheck } from './sending-domains.service';
import { activeSuppression } from './suppressions.repo';

/**
 * Deliverability, wired once per process: the mailer's last suppression check and sender
 * identity, and the SMTP answers it gets recorded as bounce events.
 */
export function registerDeliverability(ctx: AppContext): void {
  const { identity } = ctx.deliverability;
  ctx.mailer.usePolicy({
    async suppressed(row) {
      const s = await activeSuppression(ctx.db, row.to_email, row.organisation_id, row.purpose);
      return s ? { reason: s.reason } : undefined;
    },
    identity: (row, from) => identity.of(row, from),
  });
  ctx.mailer.onRefusal(async (r) => {
    const statusCode = statusOfText(r.response) ?? normaliseStatus(r.response);
    const kind = classifyRefusal(r.smtpCode, statusCode);
    await recordMailEvent(ctx, {
      via: 'smtp_session',
      // A temporary refusal the mailer will retry (greylisting, a rate limit, a full mailbox for
      // now) is only the trail; it counts as a soft bounce once the mailer gives up on the e-mail.
      kind: kind === 'soft' && !r.final ? 'delayed' : kind,
      email: r.row.to_email,
      outboxId: Number(r.row.id),
      statusCode,
      smtpCode: r.smtpCode,
      diagnostic: r.response,
      // One event per attempt of an outbox row.
      providerEventId: `smtp:${r.row.id}:${r.row.attempts}`,
    });
  });
  // The sending domains' DNS, re-checked once a day (a domain whose DKIM went away falls back).
  registerDomainRecheck(ctx);
  if (ctx.config.isProduction && !ctx.config.deliverability.platformDkim) {
    ctx.logger.warn(
      'mail: PLATFORM_DKIM_DOMAIN and PLATFORM_DKIM_PRIVATE_KEY are unset, so mail without a verified sending domain goes unsigned (docs/deliverability.md)',
    );
  }
}
