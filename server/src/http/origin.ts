import type { Request } from 'express';

/** Where a request came from, for absolute links in e-mails when PUBLIC_URL is not set. */
export function originOf(req: Request): string {
  return `${req.protocol}://${req.get('host') ?? 'localhost'}`;
}
