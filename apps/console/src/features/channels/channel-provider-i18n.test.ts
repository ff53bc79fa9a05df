import { providerDescriptors } from '@turnpike/contract';
import { describe, expect, it } from 'vitest';
import { providerTextsEn, providerTextsZh, providerTextsZhOverrides } from './channel-provider-i18n';

const types = providerDescriptors.map((descriptor) => String(descriptor.type));

describe('provider texts', () => {
  it('take English from every descriptor', () => {
    expect(Object.keys(providerTextsEn.labels).sort()).toEqual([...types].sort());
    expect(providerTextsEn.keyHints['18']).toBe('APPID|APISecret|APIKey');
  });
  it('translate only registered types', () => {
    for (const group of Object.values(providerTextsZhOverrides)) {
      for (const type of Object.keys(group)) expect(types, type).toContain(type);
    }
  });
  it('translate every `other` field and every key hint written in words', () => {
    for (const descriptor of providerDescriptors) {
      const type = String(descriptor.type);
      if (descriptor.otherField) {
        expect(providerTextsZhOverrides.otherLabels[type], `other label of ${type}`).toBeTruthy();
        expect(providerTextsZhOverrides.otherPlaceholders[type], `other placeholder of ${type}`).toBeTruthy();
      }
      if (/[a-z]{3,} [a-z]{2,}/i.test(descriptor.keyHint)) expect(providerTextsZhOverrides.keyHints[type], `key hint of ${type}`).toBeTruthy();
    }
  });
  it('give both languages the same keys', () => {
    expect(Object.keys(providerTextsZh.keyHints).sort()).toEqual(Object.keys(providerTextsEn.keyHints).sort());
    expect(Object.keys(providerTextsZh.otherLabels).sort()).toEqual(Object.keys(providerTextsEn.otherLabels).sort());
    expect(providerTextsZh.otherLabels['18']).toBe('星火版本');
  });
});
