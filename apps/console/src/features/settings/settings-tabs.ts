// The tabs of the settings page, chosen by the ?tab= query parameter (spec 001 §2).

/** The tab names of ?tab=, in display order. */
export const settingsTabs = ['operation', 'ratelimit', 'models', 'system', 'other'] as const;

/** One settings tab name. */
export type SettingsTab = (typeof settingsTabs)[number];

/** Reads ?tab=; unknown or missing values mean the operation tab. */
export function parseSettingsTab(value: string | null): SettingsTab {
  return (settingsTabs as readonly string[]).includes(value ?? '') ? (value as SettingsTab) : 'operation';
}
