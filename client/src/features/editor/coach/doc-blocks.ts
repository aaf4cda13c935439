/**
 * The live document as the assistant reads it: one block per text block (paragraph,
 * heading, a paragraph in a quote or a list) with its text, its links and where its text
 * starts, so offsets the server returns map back to editor positions. Edits go back in as
 * ordinary editor transactions (so co-editors see them through Yjs) after checking that the
 * text they replace is still there.
 */
import type { Editor } from '@tiptap/core';
import type { Node as PMNode } from '@tiptap/pm/model';
import type * as Y from 'yjs';
import { TITLE_BLOCK, type BlockType, type ReviewBlock, type TextEdit } from '@shared/schemas/assistant';

export interface DocBlock extends ReviewBlock {
  /** Position of the block's first character in the editor document. */
  start: number;
}

export function docBlocks(doc: PMNode): DocBlock[] {
  const out: DocBlock[] = [];
  doc.descendants((node, pos) => {
    if (!node.isTextblock) return true;
    let type: BlockType = node.type.name === 'heading' ? 'heading' : 'paragraph';
    if (type === 'paragraph') {
      const $pos = doc.resolve(pos);
      for (let d = $pos.depth; d > 0; d--) {
        const name = $pos.node(d).type.name;
        if (name === 'blockquote') type = 'quote';
        else if (name === 'listItem' && type === 'paragraph') type = 'list';
      }
    }
    let text = '';
    const links: ReviewBlock['links'] = [];
    node.forEach((child) => {
      if (child.isText) {
        const t = child.text ?? '';
        const href = child.marks.find((m) => m.type.name === 'link')?.attrs.href as string | undefined;
        const last = links[links.length - 1];
        if (href && last && last.href === href && last.to === text.length) last.to += t.length;
        else if (href) links.push({ from: text.length, to: text.length + t.length, href });
        text += t;
      } else {
        // Inline leaves (a hard break) take one position: one character keeps offsets aligned.
        text += child.type.name === 'hardBreak' ? '\n' : '\ufffc';
      }
    });
    out.push({ type, text, links, start: pos + 1 });
    return false;
  });
  return out;
}

/**
 * Where block `index` of a review (sent as `sent`) is in the document now: the same index if
 * its text is unchanged there, else the block with the same text; null when it was edited since.
 */
export function locateBlock(current: DocBlock[], sent: { text: string }[], index: number): DocBlock | null {
  const text = sent[index]?.text;
  if (text === undefined) return null;
  if (current[index]?.text === text) return current[index]!;
  return current.find((b) => b.text === text) ?? null;
}

function withLinks(text: string) {
  const parts: { type: 'text'; text: string; marks?: { type: 'link'; attrs: { href: string } }[] }[] = [];
  let last = 0;
  for (const m of text.matchAll(/https?:\/\/[^\s<>«»"]+[^\s<>«»".,;:!?)]/g)) {
    if (m.index > last) parts.push({ type: 'text', text: text.slice(last, m.index) });
    parts.push({ type: 'text', text: m[0], marks: [{ type: 'link', attrs: { href: m[0] } }] });
    last = m.index + m[0].length;
  }
  if (last < text.length) parts.push({ type: 'text', text: text.slice(last) });
  return parts;
}

/**
 * Applies a fix's edits: replacements in one editor transaction (and in the title's Y.Text),
 * new blocks at the end. Returns false, changing nothing, when the text moved on since the review.
 */
export function applyEdits(editor: Editor, title: Y.Text, sent: { text: string }[], edits: TextEdit[]): boolean {
  const current = docBlocks(editor.state.doc);
  const titleText = title.toJSON();
  const ranges: { from: number; to: number; text: string }[] = [];
  const titleEdits: { from: number; to: number; text: string }[] = [];
  for (const e of edits) {
    if (e.type !== 'replace') continue;
    if (e.block === TITLE_BLOCK) {
      if (titleText.slice(e.from, e.to) !== e.original) return false;
      titleEdits.push(e);
      continue;
    }
    const block = locateBlock(current, sent, e.block);
    if (!block) return false;
    const from = block.start + e.from;
    const to = block.start + e.to;
    if (editor.state.doc.textBetween(from, to, '\n', '\ufffc') !== e.original) return false;
    ranges.push({ from, to, text: e.text });
  }
  if (ranges.length) {
    const tr = editor.state.tr;
    for (const r of ranges.sort((a, b) => b.from - a.from)) {
      if (r.text) tr.insertText(r.text, r.from, r.to);
      else tr.delete(r.from, r.to);
    }
    editor.view.dispatch(tr);
  }
  if (titleEdits.length) {
    title.doc!.transact(() => {
      for (const r of titleEdits.sort((a, b) => b.from - a.from)) {
        title.delete(r.from, r.to - r.from);
        if (r.text) title.insert(r.from, r.text);
      }
    });
  }
  const appended = edits.flatMap((e) => (e.type === 'append' ? e.blocks : []));
  if (appended.length) {
    editor
      .chain()
      .insertContentAt(
        editor.state.doc.content.size,
        appended.map((b) => (b.type === 'heading' ? { type: 'heading', attrs: { level: 2 }, content: withLinks(b.text) } : { type: 'paragraph', content: withLinks(b.text) })),
      )
      .run();
  }
  return true;
}
