// Maps option keys to their label and hint resources (dots in keys become underscores).
import { settingsEn } from '../settings-i18n-en';

/** A key of `settings.label`. */
export type OptionLabelId = keyof typeof settingsEn.label;

/** A key of `settings.hint`. */
export type OptionHintId = keyof typeof settingsEn.hint;

/** The resource id of an option key: `general_setting.docs_link` → `general_setting_docs_link`. */
export function optionResourceId(key: string): string {
  return key.replace(/\./g, '_');
}

/** True when the option key has a label resource. */
export function hasOptionLabel(key: string): boolean {
  return Object.hasOwn(settingsEn.label, optionResourceId(key));
}

/** The label id of an option key (every option shown on the page has one; see the registry test). */
export function optionLabelId(key: string): OptionLabelId {
  return optionResourceId(key) as OptionLabelId;
}

/** The hint id of an option key, or null when it has no hint. */
export function optionHintId(key: string): OptionHintId | null {
  const id = optionResourceId(key);
  return Object.hasOwn(settingsEn.hint, id) ? (id as OptionHintId) : null;
}
