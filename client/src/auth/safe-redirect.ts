/** Only same-site paths are followed after sign-in (never //host or a full URL). */
export function safeRedirect(target: unknown): string | undefined {
  if (typeof target !== 'string') return undefined;
  if (!target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return undefined;
  if (target.startsWith('/login') || target.startsWith('/signup')) return undefined;
  return target;
}
