import { create } from 'zustand';
import { DEFAULT_LANGUAGE, translate, type Language, type TranslationKey } from '@shared/i18n';

export type { Language, TranslationKey };

interface LanguageState {
  language: Language;
  setLanguage: (language: Language) => void;
}

/** The UI language. Greek is the default; nothing in the product switches it yet. */
export const useLanguageStore = create<LanguageState>((set) => ({
  language: DEFAULT_LANGUAGE,
  setLanguage: (language) => {
    if (typeof document !== 'undefined') document.documentElement.lang = language;
    set({ language });
  },
}));

type Vars = Record<string, string | number>;

/** Translate outside React (or where re-rendering on a language switch does not matter). */
export function t(key: TranslationKey, vars?: Vars): string {
  return translate(useLanguageStore.getState().language, key, vars);
}

/** Translate inside components: re-renders when the language changes. */
export function useT(): (key: TranslationKey, vars?: Vars) => string {
  const language = useLanguageStore((s) => s.language);
  return (key, vars) => translate(language, key, vars);
}
