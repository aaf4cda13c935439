import { el, type TranslationKey } from './el';
import { en } from './en';

export type Language = 'el' | 'en';
export const DEFAULT_LANGUAGE: Language = 'el';
export const LANGUAGES: readonly Language[] = ['el', 'en'];
export const translations: Record<Language, Record<TranslationKey, string>> = { el, en };
export type { TranslationKey };

/** Looks up a key and fills {placeholders}. Falls back to Greek, then to the key itself. */
export function translate(
  lang: Language,
  key: TranslationKey,
  vars?: Record<string, string | number>,
): string {
  const template = translations[lang][key] ?? el[key] ?? key;
  if (!vars) return template;
  return template.replace(/\{(\w+)\}/g, (match, name: string) =>
    name in vars ? String(vars[name]) : match,
  );
}
