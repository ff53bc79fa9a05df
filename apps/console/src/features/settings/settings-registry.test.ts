import { optionDefinitions } from '@turnpike/contract';
import { describe, expect, it } from 'vitest';
import { hasOptionLabel, optionResourceId } from './option-form/option-labels';
import { settingsEn } from './settings-i18n-en';
import { parseSettingsTab } from './settings-tabs';

// Options the console does not edit: the stream cache length has no screen in new-api either.
const notShown = new Set(['StreamCacheQueueLength']);

describe('settings registry', () => {
  it('every option has a label (so every option can be shown)', () => {
    const missing = [...optionDefinitions.keys()].filter((key) => !notShown.has(key) && !hasOptionLabel(key));
    expect(missing).toEqual([]);
  });
  it('every label belongs to an option', () => {
    const ids = new Set([...optionDefinitions.keys()].map(optionResourceId));
    expect(Object.keys(settingsEn.label).filter((id) => !ids.has(id))).toEqual([]);
  });
  it('reads ?tab= with operation as the default', () => {
    expect(parseSettingsTab('models')).toBe('models');
    expect(parseSettingsTab(null)).toBe('operation');
    expect(parseSettingsTab('bogus')).toBe('operation');
  });
});
