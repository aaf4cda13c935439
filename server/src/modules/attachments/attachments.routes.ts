import { pipeline, type Readable } from 'node:stream';
import { z } from 'zod';
import type { AppContext } from '../../context';
import type { ApiRouter } from '../../http/api-router';
import { actorOf } from '../../http/authenticate';
import { HttpError } from '../../http/errors';
import { decodeHeader } from '../../http/input-guard';
import { valid, validate } from '../../http/validate';
import { StorageError } from '../../storage/storage-errors';
import { isProxyAgent } from '../distribution/tracking.tokens';
import { AttachmentsService } from './attachments.service';

const releaseParams = z.object({ id: z.uuid('not a press release id') });
const attachmentParams = z.object({ id: z.uuid('not a press release id'), attachmentId: z.uuid('not an attachment id') });
const fileParams = z.object({ attachmentId: z.uuid('not an attachment id') });
const fileQuery = z.object({ token: z.string().min(10, 'token required') });

export function attachmentRoutes(api: ApiRouter, ctx: AppContext): AttachmentsService {
  const service = new AttachmentsService(ctx, ctx.files);

  api.get('/releases/:id/attachments', ['client'], validate('params', releaseParams), async (_req, res) => {
    res.json(await service.list(actorOf(res), valid(res, 'params', releaseParams).id));
  });

  // The file is the body, streamed to the store as it arrives; its name travels URI-encoded
  // in X-File-Name. A declared length over the limit is refused before anything is read.
  api.post('/releases/:id/attachments', ['client'], validate('params', releaseParams), async (req, res) => {
    const name = decodeHeader(req.get('x-file-name'), 'x-file-name', 'file');
    const declared = req.get('content-length');
    try {
      const body = req.iterator({ destroyOnReturn: false }) as AsyncIterableIterator<Uint8Array>;
      res.status(201).json(await service.add(actorOf(res), valid(res, 'params', releaseParams).id, name, body, declared ? Number(declared) : undefined));
    } finally {
      // A refused file's unread rest is drained, so the answer reaches the client.
      if (!req.readableEnded) req.resume();
    }
  });

  api.delete('/releases/:id/attachments/:attachmentId', ['client'], validate('params', attachmentParams), async (_req, res) => {
    const p = valid(res, 'params', attachmentParams);
    await service.remove(actorOf(res), p.id, p.attachmentId);
    res.status(204).end();
  });

  /** Signed links only: the owner's workspace gets them in the editor, recipients in their mail. */
  api.get('/attachments/:attachmentId/file', 'public', validate('params', fileParams), validate('query', fileQuery), async (req, res) => {
    const opened = await service.open(valid(res, 'params', fileParams).attachmentId, valid(res, 'query', fileQuery).token, isProxyAgent(req.get('user-agent')));
    if (!opened) throw new HttpError(403, 'invalid_link', 'This link is invalid or has expired');
    const disposition = `attachment; filename*=UTF-8''${encodeURIComponent(opened.row.file_name)}`;
    // S3_DOWNLOADS=redirect: the checks above passed (and the download is recorded); the bucket sends the bytes.
    const direct = await service.directUrl(opened.row, disposition);
    if (direct) {
      res.setHeader('cache-control', 'no-store');
      res.redirect(302, direct);
      return;
    }
    let body: Readable;
    try {
      body = await service.body(opened.row);
    } catch (err) {
      // The store cannot be reached: 503 (retry later); the file itself unreadable or gone: 404.
      if (err instanceof StorageError) throw err;
      ctx.logger.error({ err, attachmentId: opened.row.id }, 'attachment file unreadable');
      throw new HttpError(404, 'not_found', 'File not found');
    }
    res.setHeader('content-type', opened.row.mime_type);
    res.setHeader('content-length', String(opened.row.size_bytes));
    res.setHeader('content-disposition', disposition);
    res.setHeader('x-content-type-options', 'nosniff');
    // pipeline, not pipe: a reader who goes away mid-file ends the read too (with a bucket,
    // its connection goes back to the pool instead of waiting, paused, for ever).
    pipeline(body, res, (err) => {
      if (!err) return;
      if ((err as { code?: string }).code === 'ERR_STREAM_PREMATURE_CLOSE' && res.destroyed) return;
      ctx.logger.error({ err, attachmentId: opened.row.id }, 'attachment file unreadable');
      if (!res.headersSent) res.status(404).json({ error: { code: 'not_found', message: 'File not found' } });
      else res.destroy();
    });
  });

  return service;
}
