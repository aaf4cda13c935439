import {
  trackClickParams,
  trackClickQuery,
  trackOpenParams,
  unsubscribeBody,
  unsubscribeParams,
} from '../../../../shared/schemas/distribution';
import { digestKindParams, digestPreviewQuery } from '../../../../shared/schemas/digests';
import type { AppContext } from '../../context';
import type { ApiRouter } from '../../http/api-router';
import { actorOf } from '../../http/authenticate';
import { badRequest } from '../../http/errors';
import { valid, validate } from '../../http/validate';
import { previewDigest, runDigest } from './digest';
import { findDelivery, recordClick, recordOpen } from './tracking.service';
import { isProxyAgent, verifyTrackingToken } from './tracking.tokens';
import { resubscribe, unsubscribe, unsubscribeState } from './unsubscribe.service';

/** A transparent 1×1 GIF. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** Tracking links of the release e-mails and the reading view, and one-click unsubscribe (no sign-in). */
export function distributionRoutes(api: ApiRouter, ctx: AppContext): void {
  // The pixel always answers with the image: a broken token must not show a broken image.
  api.get('/t/o/:file', 'public', validate('params', trackOpenParams), async (req, res) => {
    const token = valid(res, 'params', trackOpenParams).file.slice(0, -'.gif'.length);
    const id = verifyTrackingToken(ctx.tokenKey, token, 'open');
    try {
      const d = id === null ? null : await findDelivery(ctx.db, id);
      if (d) await recordOpen(ctx, d, { channel: 'email', isProxy: isProxyAgent(req.get('user-agent')) });
    } catch (err) {
      ctx.logger.warn({ err }, 'tracking: open not recorded');
    }
    res.set({ 'Content-Type': 'image/gif', 'Cache-Control': 'no-store, max-age=0', 'Content-Length': String(PIXEL.length) });
    res.end(PIXEL);
  });

  // A click is recorded, then redirected; the signature covers the target, so this never redirects elsewhere.
  api.get('/t/c/:token', 'public', validate('params', trackClickParams), validate('query', trackClickQuery), async (req, res) => {
    const { token } = valid(res, 'params', trackClickParams);
    const { u, ch } = valid(res, 'query', trackClickQuery);
    const id = verifyTrackingToken(ctx.tokenKey, token, 'click', ch, u);
    if (id === null) throw badRequest('invalid_link', 'This link is not valid', { token: 'signature does not match' });
    try {
      const d = await findDelivery(ctx.db, id);
      if (d) await recordClick(ctx, d, u, { channel: ch, isProxy: isProxyAgent(req.get('user-agent')) });
    } catch (err) {
      ctx.logger.warn({ err }, 'tracking: click not recorded');
    }
    res.set('Cache-Control', 'no-store').redirect(302, u);
  });

  const tokenParams = validate('params', unsubscribeParams);
  api.get('/unsubscribe/:token', 'public', tokenParams, async (_req, res) => {
    res.json(await unsubscribeState(ctx, valid(res, 'params', unsubscribeParams).token));
  });
  api.post('/unsubscribe/:token', 'public', tokenParams, validate('body', unsubscribeBody), async (_req, res) => {
    res.json(await unsubscribe(ctx, valid(res, 'params', unsubscribeParams).token, valid(res, 'body', unsubscribeBody).scope));
  });
  api.post('/unsubscribe/:token/undo', 'public', tokenParams, validate('body', unsubscribeBody), async (_req, res) => {
    res.json(await resubscribe(ctx, valid(res, 'params', unsubscribeParams).token, valid(res, 'body', unsubscribeBody).scope));
  });
  // RFC 8058: the mailbox provider's own unsubscribe button posts here (List-Unsubscribe-Post).
  api.post('/unsubscribe/:token/one-click', 'public', tokenParams, async (_req, res) => {
    await unsubscribe(ctx, valid(res, 'params', unsubscribeParams).token, 'sender');
    res.status(204).end();
  });

  // The superadmin's digests: what a run now would send, and the run itself (audited; a
  // second run sends nothing already sent, see digest.ts).
  api.get('/admin/digests/:kind/preview', ['superadmin'], validate('params', digestKindParams), validate('query', digestPreviewQuery), async (_req, res) => {
    const { kind } = valid(res, 'params', digestKindParams);
    res.json(await previewDigest(ctx, kind, ctx.clock.now(), valid(res, 'query', digestPreviewQuery).recipient));
  });
  api.post('/admin/digests/:kind/run', ['superadmin'], validate('params', digestKindParams), async (_req, res) => {
    const { kind } = valid(res, 'params', digestKindParams);
    res.json(await runDigest(ctx, kind, ctx.clock.now(), actorOf(res)));
  });
}
