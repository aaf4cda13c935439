import type { Logger } from './logger';

/**
 * What modules tell each other after a transaction commits (ARCHITECTURE.md: the owner publishes,
 * others subscribe; no two modules import each other). Publish only after commit: a listener may
 * read what the transaction wrote. Listeners run in this process, after the publisher's own
 * after-commit work; what must survive a crash they hand to the job queue.
 */
export interface AppEventMap {
  /** The release lifecycle sent a release (by hand or scheduled): its deliveries are committed. */
  'release.sent': { releaseId: string; organisationId: string };
  /** An attachment was added to or removed from a release (the approval rule re-checks: attachments are approved with the text). */
  'release.attachments_changed': { releaseId: string; organisationId: string };
}

type Listener<E extends keyof AppEventMap> = (payload: AppEventMap[E]) => void | Promise<void>;

export class AppEvents {
  private readonly listeners = new Map<keyof AppEventMap, Listener<keyof AppEventMap>[]>();

  constructor(private readonly logger: Pick<Logger, 'error'>) {}

  /** Subscribes; returns the unsubscribe. */
  on<E extends keyof AppEventMap>(event: E, fn: Listener<E>): () => void {
    const list = this.listeners.get(event) ?? [];
    list.push(fn as Listener<keyof AppEventMap>);
    this.listeners.set(event, list);
    return () => {
      const i = list.indexOf(fn as Listener<keyof AppEventMap>);
      if (i >= 0) list.splice(i, 1);
    };
  }

  /** Calls every listener; a listener's failure is logged, never the publisher's. */
  publish<E extends keyof AppEventMap>(event: E, payload: AppEventMap[E]): void {
    for (const fn of this.listeners.get(event) ?? []) {
      try {
        const done = fn(payload);
        if (done) done.catch((err: unknown) => this.logger.error({ err, event }, 'events: a listener failed'));
      } catch (err) {
        this.logger.error({ err, event }, 'events: a listener failed');
      }
    }
  }
}
