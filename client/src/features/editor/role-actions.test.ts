import { describe, expect, it } from 'vitest';
import { roleActions } from './role-actions';

describe('roleActions', () => {
  it('lets the publishing roles send and schedule, with no reason', () => {
    for (const role of ['owner', 'admin', 'publisher'] as const) {
      expect(roleActions(role, true)).toEqual({ write: true, send: true, schedule: true, sendReason: null });
    }
  });

  it('explains why an editor cannot send: ask for approval when the rule is on', () => {
    expect(roleActions('editor', true)).toEqual({ write: true, send: false, schedule: false, sendReason: 'Ως Συντάκτης δεν μπορείτε να στείλετε· ζητήστε έγκριση.' });
    expect(roleActions('editor', false).sendReason).toMatch(/^Ως Συντάκτης δεν μπορείτε να στείλετε· ζητήστε από έναν Εκδότη/);
  });

  it('a reviewer reads only', () => {
    const r = roleActions('reviewer', false);
    expect(r).toMatchObject({ write: false, send: false, schedule: false });
    expect(r.sendReason).toMatch(/^Ως Αναθεωρητής/);
  });

  it('no role yet (loading): nothing allowed, no reason', () => {
    expect(roleActions(undefined, false)).toEqual({ write: false, send: false, schedule: false, sendReason: null });
  });
});
