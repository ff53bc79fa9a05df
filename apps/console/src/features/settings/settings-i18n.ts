// Strings of the settings page in both languages, registered as `settings` in src/i18n/en.ts and zh.ts.
import { settingsEn } from './settings-i18n-en';
import { settingsZh } from './settings-i18n-zh';

/** The settings resources: `en` defines the keys, `zh` has the same shape. */
export const settingsI18n = { en: settingsEn, zh: settingsZh };
