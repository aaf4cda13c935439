import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { signHs256, verifyHs256 } from '../auth/jwt-hs256';
import { rooms } from '../../../../shared/events';
import type { Attachment } from '../../../../shared/schemas/attachments';
import type { AppContext } from '../../context';
import type { Actor } from '../../http/authenticate';
import { badRequest, conflict, notFound } from '../../http/errors';
import type { Readable } from 'node:stream';
import type { FileStorage } from '../../storage/file-storage';
import { requireRelease } from '../organisations/access';
import type { OrganisationAction } from '../../../../shared/organisation-roles';
import { recordDownload } from '../distribution/tracking.service';
import type { TrackChannel } from '../distribution/tracking.tokens';
import { cleanFileName, detectType, MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS_PER_RELEASE } from './file-types';

const LINK_TTL_SECONDS = 15 * 60;
/** How long a redirect to the bucket's signed URL may be followed: the download starts at once. */
export const DIRECT_URL_TTL_SECONDS = 60;

/** Bytes read before anything is stored: enough for every accepted type's magic number. */
const SNIFF_BYTES = 16;

/** The body went over the limit while it streamed (answered 400 file_too_large, nothing kept). */
class TooLarge extends Error {}

// eslint-disable-next-line @typescript-eslint/require-await
async function* oneChunk(data: Buffer): AsyncGenerator<Uint8Array> {
  yield data;
}

const SENT_CONFLICT = () => conflict('already_sent', 'Το δελτίο τύπου έχει ήδη σταλεί και τα συνημμένα του δεν αλλάζουν πλέον');

export interface AttachmentRow {
  id: string;
  press_release_id: string;
  file_name: string;
  mime_type: string;
  size_bytes: number;
  storage_key: string;
  created_at: Date;
}

export class AttachmentsService {
  constructor(
    private readonly ctx: AppContext,
    private readonly files: FileStorage,
  ) {}

  /**
   * A signed link to one attachment. A link made for a recipient (their user id in `rid`,
   * in a release's e-mail or the reading view, `ch` says which) records each download as a
   * reporting event.
   */
  signedUrl(attachmentId: string, ttlSeconds = LINK_TTL_SECONDS, recipientId?: string, channel: TrackChannel = 'email'): string {
    const token = signHs256(
      { aid: attachmentId, ...(recipientId ? { rid: recipientId, ch: channel } : {}), aud: 'attachment', exp: Math.floor(Date.now() / 1000) + ttlSeconds },
      this.ctx.tokenKey,
    );
    return `/api/attachments/${attachmentId}/file?token=${token}`;
  }

  private present(r: AttachmentRow): Attachment {
    return {
      id: r.id,
      fileName: r.file_name,
      mimeType: r.mime_type,
      sizeBytes: Number(r.size_bytes),
      createdAt: new Date(r.created_at).toISOString(),
      url: this.signedUrl(r.id),
    };
  }

  /** A release of the caller's organisation whose role may do `action` (listing: 'read'; adding, removing: 'write'). */
  private async release(actor: Actor, releaseId: string, action: OrganisationAction) {
    const { release } = await requireRelease<{ status: string }>(this.ctx.db, actor, releaseId, action, ['status']);
    return release;
  }

  async list(actor: Actor, releaseId: string): Promise<Attachment[]> {
    await this.release(actor, releaseId, 'read');
    const rows = (await this.ctx.db('release_attachments').where('press_release_id', releaseId).orderBy('created_at')) as AttachmentRow[];
    return rows.map((r) => this.present(r));
  }

  /**
   * Locks the release row for a change of its files and refuses once it is sent: a send
   * locks the same row, so a file is either in the sent version or refused, never between.
   */
  private async lockEditable(trx: Knex.Transaction, releaseId: string): Promise<void> {
    const row = (await trx('press_releases').where('id', releaseId).forUpdate().first('status')) as { status: string } | undefined;
    if (!row) throw notFound('Press release not found');
    if (row.status !== 'draft' && row.status !== 'scheduled') throw SENT_CONFLICT();
  }

  /**
   * Stores a file sent for a release. The body is streamed to the store as it arrives (the
   * data folder or the bucket): its first bytes are checked (empty, type) before anything is
   * stored, its size while it flows (over 10 MB: nothing is kept), its hash on the way.
   */
  async add(actor: Actor, releaseId: string, rawName: string, data: Buffer | AsyncIterable<Uint8Array>, declaredBytes?: number): Promise<Attachment> {
    const source = Buffer.isBuffer(data) ? oneChunk(data) : data;
    const it = source[Symbol.asyncIterator]();
    try {
      return await this.store(actor, releaseId, rawName, it, Buffer.isBuffer(data) ? data.length : declaredBytes);
    } finally {
      // Whatever was not read stays unread (the route drains the request), nothing is destroyed.
      await it.return?.();
    }
  }

  private async store(actor: Actor, releaseId: string, rawName: string, it: AsyncIterator<Uint8Array>, declaredBytes: number | undefined): Promise<Attachment> {
    const release = await this.release(actor, releaseId, 'write');
    if (release.status !== 'draft' && release.status !== 'scheduled') throw SENT_CONFLICT();
    const fileName = cleanFileName(rawName);
    const tooLarge = () => badRequest('file_too_large', 'The file is larger than 10 MB', { file: 'too large' });
    if (declaredBytes !== undefined && declaredBytes > MAX_ATTACHMENT_BYTES) throw tooLarge();
    const headParts: Buffer[] = [];
    let headBytes = 0;
    while (headBytes < SNIFF_BYTES) {
      const r = await it.next();
      if (r.done) break;
      headParts.push(Buffer.from(r.value));
      headBytes += r.value.length;
    }
    const head = Buffer.concat(headParts);
    if (!head.length) throw badRequest('empty_file', 'The file is empty', { file: 'empty' });
    const mime = detectType(fileName, head);
    if (!mime) throw badRequest('file_type_not_allowed', 'Only images, PDF and office documents are accepted', { file: 'type not allowed' });
    const count = await this.ctx.db('release_attachments').where('press_release_id', releaseId).count<{ n: number }[]>({ n: '*' });
    if (Number(count[0]?.n ?? 0) >= MAX_ATTACHMENTS_PER_RELEASE) {
      throw badRequest('too_many_files', `At most ${MAX_ATTACHMENTS_PER_RELEASE} files per press release`, { file: 'too many' });
    }
    const hash = crypto.createHash('sha256');
    let size = 0;
    async function* counted(): AsyncGenerator<Uint8Array> {
      for (let piece: Uint8Array | undefined = head; piece; ) {
        size += piece.length;
        if (size > MAX_ATTACHMENT_BYTES) throw new TooLarge();
        hash.update(piece);
        yield piece;
        const r = await it.next();
        piece = r.done ? undefined : r.value;
      }
    }
    let key: string;
    try {
      key = await this.files.put(`attachments/${releaseId}`, counted(), mime);
    } catch (err) {
      if (err instanceof TooLarge) throw tooLarge();
      throw err;
    }
    const sha256 = hash.digest('hex');
    try {
      const row = await this.ctx.db.transaction(async (trx) => {
        await this.lockEditable(trx, releaseId);
        const [inserted] = (await trx('release_attachments')
          .insert({ press_release_id: releaseId, file_name: fileName, mime_type: mime, size_bytes: size, storage_key: key, uploaded_by: actor.userId, sha256 })
          .returning('*')) as AttachmentRow[];
        // A file is a real edit: the draft is no longer an untouched one.
        await trx('press_releases').where('id', releaseId).whereNull('edited_at').update({ edited_at: trx.fn.now() });
        return inserted;
      });
      this.changed(release.organisation_id, releaseId);
      return this.present(row!);
    } catch (err) {
      await this.files.remove(key);
      throw err;
    }
  }

  async remove(actor: Actor, releaseId: string, attachmentId: string): Promise<void> {
    const release = await this.release(actor, releaseId, 'write');
    const row = await this.ctx.db.transaction(async (trx) => {
      await this.lockEditable(trx, releaseId);
      const [deleted] = (await trx('release_attachments').where({ id: attachmentId, press_release_id: releaseId }).delete().returning('*')) as AttachmentRow[];
      return deleted;
    });
    if (!row) throw notFound('Attachment not found');
    await this.files.remove(row.storage_key);
    this.changed(release.organisation_id, releaseId);
  }

  /**
   * Resolves a signed link to the stored file, or null when the link is bad or expired. A
   * recipient's download is recorded for the sender's reports, which update live.
   */
  async open(attachmentId: string, token: string, isProxy = false) {
    let recipient: { id: string; channel: TrackChannel } | undefined;
    const check = verifyHs256(token, this.ctx.tokenKey, { audience: 'attachment' });
    if (!check.ok || check.payload.aid !== attachmentId) return null;
    const { payload } = check;
    if (typeof payload.rid === 'string') recipient = { id: payload.rid, channel: payload.ch === 'in_app' ? 'in_app' : 'email' };
    const row = await this.ctx.db('release_attachments').where('id', attachmentId).first<AttachmentRow | undefined>();
    if (!row) return null;
    if (recipient) {
      await recordDownload(this.ctx, { releaseId: row.press_release_id, recipientId: recipient.id, fileName: row.file_name }, { channel: recipient.channel, isProxy });
    }
    return { row };
  }

  /** The stored bytes of an attachment: FileMissing when gone, a StorageError when the store fails. */
  body(row: AttachmentRow): Promise<Readable> {
    return this.files.open(row.storage_key);
  }

  /**
   * A short-lived URL of the bucket itself answering with the attachment's type and
   * disposition, when the store makes them (S3_DOWNLOADS=redirect); else null.
   */
  async directUrl(row: AttachmentRow, contentDisposition: string, ttlSeconds = DIRECT_URL_TTL_SECONDS): Promise<string | null> {
    if (this.ctx.config.s3?.downloads !== 'redirect' || !this.files.signedGetUrl) return null;
    return this.files.signedGetUrl(row.storage_key, { contentType: row.mime_type, contentDisposition, ttlSeconds });
  }

  private changed(organisationId: string, releaseId: string): void {
    this.ctx.realtime.broadcast(rooms.organisation(organisationId), 'release:attachments', { releaseId });
    this.ctx.events.publish('release.attachments_changed', { releaseId, organisationId });
  }
}
