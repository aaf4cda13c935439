import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { applyTextChange, transformPosition } from './y-text-input';

describe('shared title text', () => {
  it('applies the smallest change, so concurrent edits from two people merge', () => {
    const a = new Y.Doc();
    const b = new Y.Doc();
    a.getText('t').insert(0, 'Νέο προϊόν');
    Y.applyUpdate(b, Y.encodeStateAsUpdate(a));
    applyTextChange(a.getText('t'), 'Νέο καινοτόμο προϊόν');
    applyTextChange(b.getText('t'), 'Νέο προϊόν 2026');
    Y.applyUpdate(a, Y.encodeStateAsUpdate(b));
    Y.applyUpdate(b, Y.encodeStateAsUpdate(a));
    expect(a.getText('t').toJSON()).toBe('Νέο καινοτόμο προϊόν 2026');
    expect(b.getText('t').toJSON()).toBe(a.getText('t').toJSON());
  });

  it('moves a caret after text inserted before it, and not for text after it', () => {
    expect(transformPosition(5, [{ retain: 2 }, { insert: 'abc' }])).toBe(8);
    expect(transformPosition(5, [{ retain: 7 }, { insert: 'abc' }])).toBe(5);
    expect(transformPosition(5, [{ retain: 1 }, { delete: 2 }])).toBe(3);
  });
});
