/**
 * The text of a PDF made by pdfmake/pdfkit, for tests to read what a report says. pdfkit
 * writes text as glyph ids of embedded (subset) fonts, each font with a ToUnicode map; this
 * reads those maps and the pages' text operators (Tf, Tm, TJ, Tj). Enough for our own PDFs,
 * not a general PDF parser. Words on one line run together as laid out (pdfmake keeps their
 * spaces); a new line starts with a line break.
 */
import { inflateSync } from 'node:zlib';

type Objects = Map<string, string>;

function objectsOf(pdf: Buffer): Objects {
  const src = pdf.toString('latin1');
  const out: Objects = new Map();
  for (const m of src.matchAll(/(\d+) 0 obj([\s\S]*?)endobj/g)) out.set(m[1]!, m[2]!);
  return out;
}

/** The (inflated) stream of an object. */
function streamOf(body: string): string {
  const at = body.indexOf('stream');
  if (at < 0) return '';
  const head = body.slice(0, at);
  let start = at + 'stream'.length;
  if (body[start] === '\r') start++;
  if (body[start] === '\n') start++;
  const raw = Buffer.from(body.slice(start, body.lastIndexOf('endstream')).replace(/\r?\n$/, ''), 'latin1');
  return (/\/FlateDecode/.test(head) ? inflateSync(raw) : raw).toString('latin1');
}

const ref = (body: string, key: string) => new RegExp(`/${key}\\s+(\\d+) 0 R`).exec(body)?.[1];

/** UTF-16BE hex (one or more code units) to a string. */
function utf16(hex: string): string {
  const units: number[] = [];
  for (let i = 0; i + 4 <= hex.length; i += 4) units.push(parseInt(hex.slice(i, i + 4), 16));
  return String.fromCharCode(...units);
}

/** A ToUnicode CMap: glyph code (hex, 4 digits) to text. */
function cmapOf(text: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const block of text.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const m of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) map.set(parseInt(m[1]!, 16), utf16(m[2]!));
  }
  for (const block of text.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const m of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F]+>)/g)) {
      const lo = parseInt(m[1]!, 16);
      const hi = parseInt(m[2]!, 16);
      const dst = m[3]!;
      if (dst.startsWith('[')) {
        [...dst.matchAll(/<([0-9a-fA-F]+)>/g)].forEach((d, i) => map.set(lo + i, utf16(d[1]!)));
      } else {
        const first = parseInt(dst.slice(1, -1), 16);
        for (let c = lo; c <= hi; c++) map.set(c, String.fromCharCode(first + c - lo));
      }
    }
  }
  return map;
}

/** Font resource name (F1) to its ToUnicode map, for one page. */
function fontsOf(objects: Objects, page: string): Map<string, Map<number, string>> {
  const resId = ref(page, 'Resources');
  const resources = resId ? objects.get(resId) ?? '' : page;
  const fontDict = /\/Font\s*<<([\s\S]*?)>>/.exec(resources)?.[1] ?? '';
  const fonts = new Map<string, Map<number, string>>();
  for (const m of fontDict.matchAll(/\/([\w.+-]+)\s+(\d+) 0 R/g)) {
    const toUnicode = ref(objects.get(m[2]!) ?? '', 'ToUnicode');
    fonts.set(m[1]!, toUnicode ? cmapOf(streamOf(objects.get(toUnicode) ?? '')) : new Map<number, string>());
  }
  return fonts;
}

/** The pages in reading order (the Kids of the page tree, depth first). */
function pagesOf(objects: Objects): string[] {
  const root = [...objects.values()].find((o) => /\/Type\s*\/Pages\b/.test(o) && !/\/Parent\b/.test(o));
  const walk = (node: string): string[] => {
    if (/\/Type\s*\/Page\b/.test(node)) return [node];
    const kids = /\/Kids\s*\[([^\]]*)\]/.exec(node)?.[1] ?? '';
    return [...kids.matchAll(/(\d+) 0 R/g)].flatMap((k) => walk(objects.get(k[1]!) ?? ''));
  };
  return root ? walk(root) : [];
}

export function pdfText(pdf: Buffer): string {
  const objects = objectsOf(pdf);
  const lines: string[] = [];
  for (const page of pagesOf(objects)) {
    const fonts = fontsOf(objects, page);
    const contents = /\/Contents\s*(\[[^\]]*\]|\d+ 0 R)/.exec(page)?.[1] ?? '';
    const ops = [...contents.matchAll(/(\d+) 0 R/g)].map((c) => streamOf(objects.get(c[1]!) ?? '')).join('\n');
    let cmap = new Map<number, string>();
    let y: string | null = null;
    let line = '';
    const decode = (hex: string) => {
      let s = '';
      for (let i = 0; i + 4 <= hex.length; i += 4) s += cmap.get(parseInt(hex.slice(i, i + 4), 16)) ?? '';
      return s;
    };
    for (const m of ops.matchAll(/\/([\w.+-]+)\s+[\d.]+\s+Tf|([-\d.]+)\s+([-\d.]+)\s+Tm|\[((?:[^\]\\]|\\.)*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g)) {
      if (m[1]) cmap = fonts.get(m[1]) ?? new Map<number, string>();
      else if (m[3] !== undefined) {
        if (m[3] !== y && line) {
          lines.push(line);
          line = '';
        }
        y = m[3];
      } else if (m[4] !== undefined) line += [...m[4].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => decode(h[1]!)).join('');
      else if (m[5] !== undefined) line += decode(m[5]);
    }
    if (line) lines.push(line);
  }
  return lines.join('\n');
}
