// Strings of the channel management page in both languages (English in channels-i18n-en.ts, Chinese in -zh.ts).
import { channelsEn } from './channels-i18n-en';
import { channelsZh } from './channels-i18n-zh';

/** The channel page strings: `en` and `zh` have the same shape. */
export const channelsI18n: { en: typeof channelsEn; zh: typeof channelsEn } = { en: channelsEn, zh: channelsZh };
