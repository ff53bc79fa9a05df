// The i18next instance: zh and en resources, the language kept in the local store under `i18nextLng`.
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './en';
import { zh } from './zh';

/** Languages the console ships. */
export const SupportedLanguages = ['zh', 'en'] as const;

/** One supported language code. */
export type Language = (typeof SupportedLanguages)[number];

const languageKey = 'i18nextLng';

function isLanguage(value: string | null | undefined): value is Language {
  return value === 'zh' || value === 'en';
}

/** Maps any language tag (zh-CN, en-US, …) to a supported language. */
export function normalizeLanguage(tag: string | null | undefined): Language | null {
  if (!tag) return null;
  const base = tag.toLowerCase().split(/[-_]/)[0];
  return isLanguage(base) ? base : null;
}

function detectLanguage(): Language {
  if (typeof window === 'undefined') return 'zh';
  let stored: string | null = null;
  try {
    stored = window.localStorage.getItem(languageKey);
  } catch {
    stored = null;
  }
  return normalizeLanguage(stored) ?? normalizeLanguage(window.navigator.language) ?? 'zh';
}

void i18n.use(initReactI18next).init({
  resources: { en: { translation: en }, zh: { translation: zh } },
  lng: detectLanguage(),
  fallbackLng: 'zh',
  supportedLngs: [...SupportedLanguages],
  interpolation: { escapeValue: false },
  initAsync: false,
});

function rememberLanguage(language: string): void {
  if (typeof window === 'undefined') return;
  try {
    window.localStorage.setItem(languageKey, language);
  } catch {
    // Storage blocked: the choice lasts for this page only.
  }
  document.documentElement.lang = language;
}

rememberLanguage(i18n.language);
i18n.on('languageChanged', rememberLanguage);

/** The current language, normalised to a supported code. */
export function currentLanguage(): Language {
  return normalizeLanguage(i18n.language) ?? 'zh';
}

export default i18n;
