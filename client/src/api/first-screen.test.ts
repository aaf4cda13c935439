import { describe, expect, it } from 'vitest';
import { firstScreenDocuments, firstScreenTaker } from './first-screen';

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

describe('firstScreenDocument', () => {
  it('gives the editor its release’s stored document once the early answer is in, and nothing for another release, late or malformed', async () => {
    const bytes = new Uint8Array([1, 2, 250, 0, 7]);
    const early = Promise.resolve({ profile: {}, document: { releaseId: RELEASE, update: btoa(String.fromCharCode(...bytes)) } });
    const doc = firstScreenDocuments(() => early, at(1_000));
    await early;
    expect(doc(RELEASE)).toEqual(bytes);
    // Asked again (StrictMode renders twice): the same state, which Yjs applies without doubling.
    expect(doc(RELEASE)).toEqual(bytes);
    expect(doc('1b9e2c7a-5f7e-4a36-9c2b-0e6f1f1b2d3c')).toBeUndefined();
    expect(firstScreenDocuments(() => early, at(60_000))(RELEASE)).toBeUndefined();
    const bad = Promise.resolve({ document: { releaseId: RELEASE, update: '%%%' } });
    const fromBad = firstScreenDocuments(() => bad, at(1_000));
    await bad;
    expect(fromBad(RELEASE)).toBeUndefined();
    expect(firstScreenDocuments(() => undefined, at(1_000))(RELEASE)).toBeUndefined();
  });
});
