import { describe, expect, it } from 'vitest';
import type { RedisClient, RedisLink } from '../redis/link';
import { guardedClient } from './redis-adapter';

/** A stand-in for a node-redis client: the guard only forwards calls. */
function fakeClient(publish: () => Promise<number>) {
  return {
    calls: 0,
    publish(this: { calls: number }) {
      this.calls += 1;
      return publish();
    },
    get(this: { calls: number }, key: string) {
      this.calls += 1;
      return Promise.resolve(`value of ${key}`);
    },
  };
}

function fakeLink(up: boolean) {
  const failures: string[] = [];
  return { link: { up: () => up, failed: (_err: unknown, what: string) => void failures.push(what) } as unknown as RedisLink, failures };
}

describe('the clients the Socket.IO adapter is given', () => {
  it('a publish that rejects (Redis away) resolves instead and is reported to the link; other methods pass through', async () => {
    const client = fakeClient(() => Promise.reject(new Error('Socket closed unexpectedly')));
    const { link, failures } = fakeLink(true);
    const guarded = guardedClient(client as unknown as RedisClient, link, ['publish']);
    await expect(guarded.publish('socket.io#/#', 'payload')).resolves.toBe(0);
    expect(failures).toEqual(['socket.io publish']);
    await expect((guarded as unknown as typeof client).get('k')).resolves.toBe('value of k');
    expect(client.calls).toBe(2);
  });

  it('nothing is published while the link is down (it would wait unanswered and pile up)', async () => {
    const client = fakeClient(() => Promise.resolve(1));
    const { link } = fakeLink(false);
    const guarded = guardedClient(client as unknown as RedisClient, link, ['publish'], { onlyWhileUp: true });
    await expect(guarded.publish('socket.io#/#', 'payload')).resolves.toBe(0);
    expect(client.calls).toBe(0);
  });
});
