import express, { type Request, type RequestHandler, type Response } from 'express';
import type { AppContext } from '../../../context';
import type { ApiRouter } from '../../../http/api-router';
import { HttpError } from '../../../http/errors';
import type { MailEvent } from '../mail-event';
import { recordMailEvent } from '../record-mail-event';
import { MailgunNonces, mailgunWebhook } from './mailgun';
import { postmarkWebhook } from './postmark';
import { sesWebhook, type WebhookResult } from './ses';
import { SnsVerifier } from './sns-verify';

/**
 * The providers' bounce and complaint webhooks, public (the provider proves itself by a
 * signature or a secret, not a session): POST /api/webhooks/mail/ses | postmark | mailgun.
 * Each parses into MailEvents for recordMailEvent(). 200 {ok:true} when accepted (also when the
 * message is of a kind we do not act on, so the provider does not retry it); 404 when the
 * provider is not configured; 401/403 with a code for bad credentials, signatures, timestamps
 * and replays; 400 for a malformed body. Refusals count against the caller's address
 * (webhookFailuresPerAddress): past the limit, 429 before anything is checked.
 */
export const WEBHOOK_MOUNT = '/api/webhooks/mail';

/**
 * The body as text, whatever its type (SNS posts JSON as `text/plain`), before /api's
 * express.json; the routes parse it themselves. Mounted at WEBHOOK_MOUNT in app.ts.
 */
export const webhookBody: RequestHandler = express.text({ type: () => true, limit: '256kb' });

export function webhookRoutes(api: ApiRouter, ctx: AppContext): void {
  const { deliverability } = ctx.config;
  const verifier = new SnsVerifier(ctx.deliverability.fetch, ctx.clock);
  const nonces = new MailgunNonces(ctx);
  const record = async (events: MailEvent[]) => {
    for (const ev of events) await recordMailEvent(ctx, ev);
  };

  const route = (provider: string, configured: () => boolean, run: (req: Request, res: Response) => Promise<WebhookResult>): RequestHandler =>
    async (req, res) => {
      if (!configured()) throw new HttpError(404, 'webhook_not_configured', `The ${provider} webhook is not configured`);
      const failures = ctx.limiter.limit('webhookFailuresPerAddress', req.ip ?? 'unknown');
      await ctx.limiter.consume([failures], 'Too many refused webhook calls from this address; try again later');
      let result: WebhookResult;
      try {
        result = await run(req, res);
      } catch (err) {
        const status = err instanceof HttpError ? err.status : 500;
        if (status >= 400 && status < 500) {
          ctx.logger.warn({ provider, status, code: (err as HttpError).code, ip: req.ip }, 'webhooks: refused');
        } else {
          await ctx.limiter.undo(failures);
        }
        throw err;
      }
      await ctx.limiter.undo(failures);
      if (result.ignored) ctx.logger.info({ provider, ignored: result.ignored }, 'webhooks: accepted, nothing to record');
      res.json({ ok: true, events: result.events.length });
    };

  api.post(
    '/webhooks/mail/ses',
    'public',
    route(
      'SES',
      () => deliverability.sesTopicArns.length > 0,
      async (req) => {
        const result = await sesWebhook(ctx, verifier, req.body);
        await record(result.events);
        return result;
      },
    ),
  );
  api.post(
    '/webhooks/mail/postmark',
    'public',
    route(
      'Postmark',
      () => deliverability.postmarkWebhook !== undefined,
      async (req, res) => {
        res.set('WWW-Authenticate', 'Basic realm="deltio-webhooks"');
        const result = postmarkWebhook(ctx, req.headers.authorization, req.body);
        res.removeHeader('WWW-Authenticate');
        await record(result.events);
        return result;
      },
    ),
  );
  api.post(
    '/webhooks/mail/mailgun',
    'public',
    route(
      'Mailgun',
      () => deliverability.mailgunSigningKey !== undefined,
      (req) => mailgunWebhook(ctx, nonces, req.body, record),
    ),
  );
}
