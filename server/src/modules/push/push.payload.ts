import type { PushPayload } from '../../../../shared/schemas/push';
import { readingViewPath, receivedBody, RECEIVED_KIND } from '../notifications/release-notices';

export interface PushRelease {
  press_release_id: string;
  title: string;
  sender_name: string;
  embargo_until: Date | string | null;
}

/** Push services accept about 4 kB; a title is cut well before. */
const MAX_TITLE = 200;

/**
 * The one push of a release: its title, the sending organisation and the embargo if any (the
 * same words as the bell's notification), opening the release's reading view. The tag makes it
 * one notification per release on the device, whatever arrives twice.
 */
export function releasePayload(r: PushRelease): PushPayload {
  const title = r.title.length > MAX_TITLE ? `${r.title.slice(0, MAX_TITLE - 1)}…` : r.title;
  const embargo = r.embargo_until ? new Date(r.embargo_until) : null;
  return {
    kind: RECEIVED_KIND,
    releaseId: r.press_release_id,
    title,
    body: receivedBody(r.sender_name, embargo),
    url: readingViewPath(r.press_release_id),
    tag: `release:${r.press_release_id}`,
    organisation: r.sender_name,
    embargoUntil: embargo ? embargo.toISOString() : null,
  };
}
