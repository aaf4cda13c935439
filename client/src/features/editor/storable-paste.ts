import { Extension } from '@tiptap/core';
import { Fragment, Slice, type Mark, type Node as PmNode } from '@tiptap/pm/model';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import { holdsBadText, toStorableText } from '@shared/storable-text';

/**
 * Pasted or dropped content keeps only storable text: NUL is dropped and an unpaired UTF-16
 * surrogate becomes U+FFFD (a link whose address holds either loses the link). The server
 * refuses such text (4422, the change is lost and the editor must reload), so it never leaves
 * this browser.
 */
export function storableFragment(fragment: Fragment): Fragment {
  const nodes: PmNode[] = [];
  fragment.forEach((node) => {
    const marks = node.marks.filter((m: Mark) => !holdsBadText(m.attrs));
    if (node.isText) {
      const text = toStorableText(node.text ?? '');
      if (text) nodes.push(node.type.schema.text(text, marks));
      return;
    }
    const attrs = holdsBadText(node.attrs) ? undefined : node.attrs;
    nodes.push(node.type.create(attrs, storableFragment(node.content), marks));
  });
  return Fragment.from(nodes);
}

export function storableSlice(slice: Slice): Slice {
  return new Slice(storableFragment(slice.content), slice.openStart, slice.openEnd);
}

export const StorablePaste = Extension.create({
  name: 'storablePaste',
  addProseMirrorPlugins() {
    return [
      new Plugin({
        key: new PluginKey('storablePaste'),
        props: {
          transformPastedText: (text) => toStorableText(text),
          transformPasted: (slice) => storableSlice(slice),
        },
      }),
    ];
  },
});
