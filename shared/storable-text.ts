/**
 * Text Postgres can store and that is valid Unicode: no NUL (U+0000, refused by text and
 * jsonb columns) and no unpaired UTF-16 surrogate (not Unicode; turned into U+FFFD or refused
 * on the way to the database). The REST input guard and the live editor's update check
 * both refuse such text with this one test.
 */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this looks for
const BAD_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function isBadText(s: string): boolean {
  return BAD_TEXT.test(s);
}

/** Whether a value (a string, or any JSON-like value, its keys included) holds such text. */
export function holdsBadText(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return isBadText(value);
  if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value)) return false;
  if (depth > 64) return true; // nothing the editor makes nests this deep
  if (Array.isArray(value)) return value.some((v) => holdsBadText(v, depth + 1));
  for (const [k, v] of Object.entries(value)) if (isBadText(k) || holdsBadText(v, depth + 1)) return true;
  return false;
}

/** The text made storable: NUL dropped, each unpaired surrogate replaced by U+FFFD. */
export function toStorableText(s: string): string {
  // eslint-disable-next-line no-control-regex -- NUL is exactly what this drops
  return isBadText(s) ? s.replace(/\u0000/g, '').replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd') : s;
}
