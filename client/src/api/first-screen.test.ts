import { describe, expect, it } from 'vitest';
import { firstScreenTaker } from './first-screen';

const RELEASE = '0b9e2c7a-5f7e-4a36-9c2b-0e6f1f1b2d3c';
const at = (ms: number) => () => ms;

describe('takeFirstScreen', () => {
  it('answers each part of the early request once, by the GET it stands for', async () => {
    const early = Promise.resolve({ profile: { user_id: 'u' }, dashboard: { recent: [] }, release: { id: RELEASE, title: 'T' } });
    const take = firstScreenTaker(() => early, at(1_000));
    expect(await take('/profile')).toEqual({ user_id: 'u' });
    expect(await take('/client/dashboard')).toEqual({ recent: [] });
    expect(await take(`/releases/${RELEASE}`)).toEqual({ id: RELEASE, title: 'T' });
    // Once: a refetch goes to the network.
    expect(await take('/profile')).toBeUndefined();
    expect(await take(`/releases/${RELEASE}`)).toBeUndefined();
  });

  it('answers nothing without an early request, after a failed one, for other paths, or late', async () => {
    expect(await firstScreenTaker(() => undefined, at(1_000))('/profile')).toBeUndefined();
    expect(await firstScreenTaker(() => Promise.resolve(null), at(1_000))('/profile')).toBeUndefined();
    expect(await firstScreenTaker(() => Promise.reject(new Error('offline')), at(1_000))('/profile')).toBeUndefined();
    const early = Promise.resolve({ profile: { user_id: 'u' } });
    const take = firstScreenTaker(() => early, at(1_000));
    expect(await take('/client/dashboard')).toBeUndefined();
    expect(await take('/releases?status=draft')).toBeUndefined();
    expect(await firstScreenTaker(() => early, at(60_000))('/profile')).toBeUndefined();
  });
});
