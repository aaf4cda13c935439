import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const RELEASE = '0b9e2c7a-5f7e-4a36-9c2b-0e6f1f1b2d3c';

/** A fresh copy of the module (it keeps what it served) with `pending` as the page's early request. */
async function load(pending: Promise<unknown> | undefined) {
  vi.resetModules();
  vi.stubGlobal('window', { __FIRST_SCREEN__: pending });
  return import('./first-screen');
}

describe('takeFirstScreen', () => {
  beforeEach(() => vi.spyOn(performance, 'now').mockReturnValue(1_000));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('answers each part of the early request once, by the GET it stands for', async () => {
    const { takeFirstScreen } = await load(
      Promise.resolve({ profile: { user_id: 'u' }, dashboard: { recent: [] }, release: { id: RELEASE, title: 'T' } }),
    );
    expect(await takeFirstScreen('/profile')).toEqual({ user_id: 'u' });
    expect(await takeFirstScreen('/client/dashboard')).toEqual({ recent: [] });
    expect(await takeFirstScreen(`/releases/${RELEASE}`)).toEqual({ id: RELEASE, title: 'T' });
    // Once: a refetch goes to the network.
    expect(await takeFirstScreen('/profile')).toBeUndefined();
    expect(await takeFirstScreen(`/releases/${RELEASE}`)).toBeUndefined();
  });

  it('answers nothing without an early request, after a failed one, for other paths, or late', async () => {
    expect(await (await load(undefined)).takeFirstScreen('/profile')).toBeUndefined();
    expect(await (await load(Promise.resolve(null))).takeFirstScreen('/profile')).toBeUndefined();
    expect(await (await load(Promise.reject(new Error('offline')))).takeFirstScreen('/profile')).toBeUndefined();
    const { takeFirstScreen } = await load(Promise.resolve({ profile: { user_id: 'u' } }));
    expect(await takeFirstScreen('/client/dashboard')).toBeUndefined();
    expect(await takeFirstScreen('/releases?status=draft')).toBeUndefined();
    vi.spyOn(performance, 'now').mockReturnValue(60_000);
    expect(await takeFirstScreen('/profile')).toBeUndefined();
  });
});
