import type { Db } from '../../db/knex';
import type { DeliverabilityConfig } from '../../config';
import type { Clock } from '../../clock';
import type { OutboxRow } from '../../mail/mailer';
import type { Logger } from '../../logger';
import type { OutgoingMail } from '../../mail/transport';
import { decryptPrivateKey } from './dkim-keys';
import { domainInUse } from './sending-domains.repo';
import { REF_HEADER, verpAddress, verpToken } from './verp';

export type Identity = Pick<OutgoingMail, 'from' | 'replyTo' | 'envelope' | 'dkim' | 'headers'>;

/**
 * The e-mail's reference in its headers: ours always (complaint reports quote it), and where a
 * provider's webhook is configured, in the place that provider hands back in its events
 * (Postmark's metadata, Mailgun's user variables), since providers rewrite the return path.
 */
export function refHeaders(config: Pick<DeliverabilityConfig, 'postmarkWebhook' | 'mailgunSigningKey'>, ref: string): Record<string, string> {
  return {
    [REF_HEADER]: ref,
    ...(config.postmarkWebhook ? { 'X-PM-Metadata-ref': ref } : {}),
    ...(config.mailgunSigningKey ? { 'X-Mailgun-Variables': JSON.stringify({ ref }) } : {}),
  };
}

interface OrganisationSender {
  name: string;
  replyTo: string | null;
  /** Its verified sending domain, when it has one whose key opened. */
  domain?: {
    from: string;
    dkim: NonNullable<OutgoingMail['dkim']>;
    /** bounces.<domain> once its CNAME to BOUNCE_DOMAIN verified, else undefined (BOUNCE_DOMAIN). */
    returnPathHost: string | undefined;
  };
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
 * organisation with a verified sending domain (the latest verified, sending-domains.repo
 * domainInUse) sends `"<name>" <press@its domain>`, DKIM-signed d=its domain with its own key,
 * bounces to bounces.<domain> once that CNAME verified. Without one (or when its key does not
 * decrypt: logged, never signed with a wrong key) its mail is from its name at the platform's
 * address, signed with the platform's key (PLATFORM_DKIM_*). Reply-To is its press contact.
 * Platform mail keeps MAIL_FROM. What is read is cached per organisation for a minute; the
 * domain routes call forget() on every change.
 */
export class SenderIdentity {
  private readonly cache = new Map<string, { at: number; sender: OrganisationSender | undefined }>();

  constructor(
    private readonly db: Db,
    private readonly config: DeliverabilityConfig,
    private readonly key: Uint8Array,
    private readonly clock: Clock,
    private readonly logger?: Logger,
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
      headers: refHeaders(this.config, verpToken(this.key, id)),
      ...(this.config.platformDkim ? { dkim: this.config.platformDkim } : {}),
    };
    if (!row.organisation_id) return base;
    const sender = await this.sender(row.organisation_id);
    if (!sender) return base;
    const replyTo = sender.replyTo ? { replyTo: sender.replyTo } : {};
    if (sender.domain) {
      const host = sender.domain.returnPathHost ?? this.config.bounceDomain;
      return {
        ...base,
        from: withDisplayName(sender.name, sender.domain.from),
        envelope: { from: verpAddress(this.key, id, host), to: row.to_email },
        dkim: sender.domain.dkim,
        ...replyTo,
      };
    }
    return { ...base, from: withDisplayName(sender.name, addressOf(platformFrom)), ...replyTo };
  }

  /** The organisation's verified domain with its key opened, or undefined (the platform identity). */
  private async domainOf(organisationId: string): Promise<OrganisationSender['domain']> {
    const d = await domainInUse(this.db, organisationId);
    if (!d) return undefined;
    let privateKey: string;
    try {
      privateKey = decryptPrivateKey(this.config.keyEncryptionKey, d.id, d.dkim_private_key_enc);
    } catch (err) {
      // Fail closed: never sign with a wrong key or send from a domain we cannot sign for.
      this.logger?.error({ err, domain: d.domain, organisationId }, 'sending domain: the DKIM key does not decrypt; mail goes with the platform identity');
      return undefined;
    }
    return {
      from: `${d.from_local_part}@${d.domain}`,
      dkim: { domainName: d.domain, keySelector: d.dkim_selector, privateKey },
      returnPathHost: d.checks.return_path?.ok ? d.return_path_host : undefined,
    };
  }

  private async sender(organisationId: string): Promise<OrganisationSender | undefined> {
    const now = this.clock.now().getTime();
    const hit = this.cache.get(organisationId);
    if (hit && Math.abs(now - hit.at) < CACHE_MS) return hit.sender;
    const org = (await this.db('organisations').where('id', organisationId).first('name', 'press_contact_email')) as
      | { name: string; press_contact_email: string | null }
      | undefined;
    const sender = org ? { name: org.name, replyTo: org.press_contact_email, domain: await this.domainOf(organisationId) } : undefined;
    this.cache.set(organisationId, { at: now, sender });
    return sender;
  }
}
