import { getSchema } from '@tiptap/core';
import { Fragment, Slice } from '@tiptap/pm/model';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { editorExtensions } from '@shared/editor/extensions';
import { isBadText } from '@shared/storable-text';
import { storableSlice } from './storable-paste';
import { applyTextChange } from './y-text-input';

const schema = getSchema(editorExtensions());

describe('text the server refuses never leaves the browser', () => {
  it('pasted rich text loses NUL and unpaired surrogates; a link to such an address loses the link, not the text', () => {
    const link = schema.marks.link!.create({ href: 'https://example.gr/\u0000' });
    const pasted = new Slice(
      Fragment.from([
        schema.nodes.paragraph!.create(null, [schema.text('Α\u0000Β'), schema.text('σύνδεσμος', [link])]),
        schema.nodes.paragraph!.create(null, [schema.text('x\ud800y')]),
        schema.nodes.paragraph!.create(null, [schema.text('\u0000')]),
      ]),
      0,
      0,
    );
    const out = storableSlice(pasted);
    const texts: string[] = [];
    out.content.descendants((n) => {
      if (n.isText) texts.push(n.text!);
      if (n.marks.length || (n.attrs && isBadText(JSON.stringify(n.attrs)))) throw new Error('a mark or attribute with bad text survived');
    });
    expect(texts).toEqual(['ΑΒσύνδεσμος', 'x\ufffdy']); // the link's text joins the plain text
    expect(out.content.childCount).toBe(3);
  });

  it('the title input stores only storable text', () => {
    const doc = new Y.Doc();
    const title = doc.getText('title');
    applyTextChange(title, 'Τίτλος\u0000 με\ud800 κόλλημα');
    expect(title.toJSON()).toBe('Τίτλος με\ufffd κόλλημα');
  });
});
