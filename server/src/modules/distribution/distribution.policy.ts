import type { SendableRelease } from './distribution.repo';

/** Why a release cannot go out now (the editor's rule), or null. */
export function missingFields(r: Pick<SendableRelease, 'title' | 'content_text' | 'category'>): Record<string, string> | null {
  const missing: Record<string, string> = {};
  if (!r.title.trim()) missing.title = 'required';
  if (!r.content_text.trim()) missing.content = 'required';
  if (!r.category) missing.category = 'required';
  return Object.keys(missing).length ? missing : null;
}
