/**
 * Greek plurals through the language's own rules (Intl.PluralRules), and counts written the
 * Greek way («1.250»): «1 λήψη», «3 λήψεις», «0 λήψεις».
 */
const rules = new Intl.PluralRules('el');
const number = new Intl.NumberFormat('el-GR');

/** The form of a noun phrase (or verb) that agrees with n: `one` for 1, `other` otherwise. */
export function plural(n: number, one: string, other: string): string {
  return rules.select(n) === 'one' ? one : other;
}

/** n written in Greek and the agreeing form: count(3, 'λήψη', 'λήψεις') → «3 λήψεις». */
export function count(n: number, one: string, other: string): string {
  return `${number.format(n)} ${plural(n, one, other)}`;
}
