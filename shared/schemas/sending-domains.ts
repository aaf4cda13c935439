import { z } from 'zod';
import { SENDING_DOMAIN_STATUSES } from '../constants';

/**
 * An organisation's own sending domain (issue 31): its DKIM key, the DNS records it must add
 * and what the last check found. Server routes and the settings screen read these.
 */

/** Mailbox providers' domains: nobody can publish DKIM records for them, so they are refused. */
export const FREE_MAIL_DOMAINS = [
  'gmail.com',
  'googlemail.com',
  'yahoo.com',
  'yahoo.gr',
  'ymail.com',
  'hotmail.com',
  'hotmail.gr',
  'outlook.com',
  'outlook.com.gr',
  'live.com',
  'msn.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'aol.com',
  'gmx.com',
  'gmx.net',
  'mail.com',
  'proton.me',
  'protonmail.com',
  'yandex.com',
  'zoho.com',
  'otenet.gr',
  'windowslive.com',
] as const;

/** A free-mail domain or one of its subdomains (mail.yahoo.com). */
export function isFreeMailDomain(domain: string): boolean {
  const d = domain.toLowerCase().replace(/\.$/, '');
  return FREE_MAIL_DOMAINS.some((f) => d === f || d.endsWith(`.${f}`));
}

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const TLD = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/** A registrable-looking host name: ASCII (IDNs in punycode), at least two labels, a real TLD. */
export function isDomainName(value: string): boolean {
  if (value.length > 253) return false;
  const labels = value.split('.');
  if (labels.length < 2) return false;
  return labels.every((l) => LABEL.test(l)) && TLD.test(labels[labels.length - 1]!);
}

export const domainNameSchema = z
  .string()
  .trim()
  .toLowerCase()
  .transform((v) => v.replace(/^https?:\/\//, '').replace(/\/.*$/, '').replace(/\.$/, ''))
  .refine(isDomainName, 'Δεν είναι έγκυρο όνομα domain (π.χ. aigaio-tech.gr)');

/** The local part of the From address (press@…): lower-case letters, digits, . _ - */
export const fromLocalPartSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9](?:[a-z0-9._-]{0,62}[a-z0-9])?$/, 'Μόνο λατινικά γράμματα, αριθμοί, τελεία, παύλα και κάτω παύλα (π.χ. press)')
  .refine((v) => !v.includes('..'), 'Δύο τελείες στη σειρά δεν επιτρέπονται');

export const sendingDomainCreateBody = z.object({
  domain: domainNameSchema,
  from_local_part: fromLocalPartSchema.optional(),
});
export type SendingDomainCreateBody = z.infer<typeof sendingDomainCreateBody>;

export const sendingDomainParams = z.object({
  id: z.uuid('id must be a valid id'),
  domainId: z.uuid('domainId must be a valid id'),
});

export const DNS_CHECK_KINDS = ['dkim', 'spf', 'dmarc', 'return_path'] as const;
export type DnsCheckKind = (typeof DNS_CHECK_KINDS)[number];

/** One DNS check: ok, what was found, what is expected and, when not ok, why. */
export const dnsCheckSchema = z.object({
  ok: z.boolean(),
  /** The record(s) found (TXT chunks joined), or null when there was none. */
  found: z.string().nullable(),
  /** The record to publish (the full corrected one for SPF). */
  expected: z.string(),
  /** missing | mismatch | multiple | dns_error; absent when ok. */
  problem: z.enum(['missing', 'mismatch', 'multiple', 'dns_error']).optional(),
  checked_at: z.string(),
});
export type DnsCheck = z.infer<typeof dnsCheckSchema>;

export const dnsChecksSchema = z.object({
  dkim: dnsCheckSchema.optional(),
  spf: dnsCheckSchema.optional(),
  dmarc: dnsCheckSchema.optional(),
  return_path: dnsCheckSchema.optional(),
});
export type DnsChecks = z.infer<typeof dnsChecksSchema>;

/** A DNS record to publish, as the DNS panel asks for it (name, type, value). */
export const dnsRecordSchema = z.object({
  kind: z.enum(DNS_CHECK_KINDS),
  type: z.enum(['TXT', 'CNAME']),
  /** The full host name (with the domain). */
  name: z.string(),
  /** The value to enter (TXT without the quotes). */
  value: z.string(),
  /** The whole record on one line, zone-file style: `name TYPE value` (TXT quoted). */
  line: z.string(),
  /** A long TXT value in 255-character strings, for panels that need them split. */
  chunks: z.array(z.string()).optional(),
  /** Required for sending from the domain (DKIM), or recommended. */
  required: z.boolean(),
});
export type DnsRecord = z.infer<typeof dnsRecordSchema>;

export const sendingDomainSchema = z.object({
  id: z.string(),
  domain: z.string(),
  from_local_part: z.string(),
  /** The address mail goes from once verified. */
  from_address: z.string(),
  status: z.enum(SENDING_DOMAIN_STATUSES),
  dkim_selector: z.string(),
  return_path_host: z.string(),
  records: z.array(dnsRecordSchema),
  checks: dnsChecksSchema,
  /** The organisation's mail goes from this domain now (the latest verified). */
  in_use: z.boolean(),
  verified_at: z.string().nullable(),
  last_checked_at: z.string().nullable(),
  created_at: z.string(),
});
export type SendingDomain = z.infer<typeof sendingDomainSchema>;

export const sendingDomainsResponse = z.object({
  domains: z.array(sendingDomainSchema),
  /** The platform's address the organisation's mail goes from without a verified domain. */
  platform_from: z.string(),
});
export type SendingDomainsResponse = z.infer<typeof sendingDomainsResponse>;
