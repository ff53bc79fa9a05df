// Types t() keys against the English resource so a missing or misspelt key fails type checking.
import 'i18next';
import type { en } from './en';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}
