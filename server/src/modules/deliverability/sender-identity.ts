import type { Db } from '../../db/knex';
import type { DeliverabilityConfig } from '../../config';
import type { Clock } from '../../clock';
import type { OutboxRow } from '../../mail/mailer';
import type { OutgoingMail } from '../../mail/transport';
import { REF_HEADER, verpAddress, verpToken } from './verp';

export type Identity = Pick<OutgoingMail, 'from' | 'replyTo' | 'envelope' | 'dkim' | 'headers'>;

interface OrganisationSender {
  name: string;
  replyTo: string | null;
}

const CACHE_MS = 60_000;

/** `Name <addr>` → `addr`. */
export function addressOf(from: string): string {
  return (/<([^>]+)>\s*$/.exec(from)?.[1] ?? from).trim();
}

/** A display name quoted for a From header (quotes and backslashes escaped). */
export function withDisplayName(name: string, address: string): string {
  const clean = name.replace(/[\r\n]+/g, ' ').trim();
  return clean ? `"${clean.replace(/(["\\])/g, '\\$1')}" <${address}>` : address;
}

/**
 * Who an e-mail is from, how it is signed and where its bounces go. Every e-mail has its
 * VERP return path (bounce+<token>@BOUNCE_DOMAIN) and the X-Deltio-Ref header. An
 * organisation's mail is from its name at the platform's address, Reply-To its press contact,
 * signed with the platform's key (PLATFORM_DKIM_*); platform mail keeps MAIL_FROM.
 */
export class SenderIdentity {
  private readonly cache = new Map<string, { at: number; sender: OrganisationSender | undefined }>();

  constructor(
    private readonly db: Db,
    private readonly config: DeliverabilityConfig,
    private readonly key: Uint8Array,
    private readonly clock: Clock,
  ) {}

  /** Forgets what was read of an organisation (its name or sending domain changed). */
  forget(organisationId: string): void {
    this.cache.delete(organisationId);
  }

  async of(row: Pick<OutboxRow, 'id' | 'to_email' | 'organisation_id'>, platformFrom: string): Promise<Identity> {
    const id = Number(row.id);
    const base: Identity = {
      from: platformFrom,
      envelope: { from: verpAddress(this.key, id, this.config.bounceDomain), to: row.to_email },
      headers: { [REF_HEADER]: verpToken(this.key, id) },
      ...(this.config.platformDkim ? { dkim: this.config.platformDkim } : {}),
    };
    if (!row.organisation_id) return base;
    const sender = await this.sender(row.organisation_id);
    if (!sender) return base;
    return {
      ...base,
      from: withDisplayName(sender.name, addressOf(platformFrom)),
      ...(sender.replyTo ? { replyTo: sender.replyTo } : {}),
    };
  }

  private async sender(organisationId: string): Promise<OrganisationSender | undefined> {
    const now = this.clock.now().getTime();
    const hit = this.cache.get(organisationId);
    if (hit && Math.abs(now - hit.at) < CACHE_MS) return hit.sender;
    const org = (await this.db('organisations').where('id', organisationId).first('name', 'press_contact_email')) as
      | { name: string; press_contact_email: string | null }
      | undefined;
    const sender = org ? { name: org.name, replyTo: org.press_contact_email } : undefined;
    this.cache.set(organisationId, { at: now, sender });
    return sender;
  }
}
