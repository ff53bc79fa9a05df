import { describe, expect, it } from 'vitest';
import { defaultModelsByType, findProvider, isProviderType, providerDescriptors } from './provider-registry';

/** Channel type ids of spec 001 §3. */
// Spec 001 §3's types plus Kling (50, issue 28: video tasks).
const specTypeIds = [1, 2, 3, 4, 5, 8, 11, 14, 15, 46, 16, 26, 17, 18, 19, 20, 21, 22, 23, 24, 25, 31, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 47, 48, 49, 50];
/** Types whose model list is entirely the operator's choice. */
const customTypeIds = new Set([8]);
const presetColours = new Set(['magenta', 'red', 'volcano', 'orange', 'gold', 'lime', 'green', 'cyan', 'blue', 'geekblue', 'purple']);

describe('provider registry', () => {
  it('registers every spec channel type exactly once and nothing else', () => {
    const types = providerDescriptors.map((descriptor) => descriptor.type);
    expect(types.length).toBe(new Set(types).size);
    expect([...types].sort((a, b) => a - b)).toEqual([...specTypeIds].sort((a, b) => a - b));
  });

  it('lists descriptors in type-id order', () => {
    const types = providerDescriptors.map((descriptor) => descriptor.type);
    expect(types).toEqual([...types].sort((a, b) => a - b));
  });

  it.each(providerDescriptors.map((descriptor) => [descriptor.type, descriptor] as const))('type %i has a complete descriptor', (type, descriptor) => {
    expect(descriptor.label.trim()).not.toBe('');
    expect(descriptor.keyHint.trim()).not.toBe('');
    expect(presetColours.has(descriptor.color)).toBe(true);
    if (customTypeIds.has(type)) expect(descriptor.defaultModels).toEqual([]);
    else expect(descriptor.defaultModels.length).toBeGreaterThan(0);
    expect(new Set(descriptor.defaultModels).size).toBe(descriptor.defaultModels.length);
    for (const model of descriptor.defaultModels) {
      expect(model).toBe(model.trim());
      expect(model).not.toContain(',');
      expect(model.length).toBeGreaterThan(0);
    }
    if (descriptor.defaultBaseUrl === '') return;
    const url = new URL(descriptor.defaultBaseUrl);
    expect(['http:', 'https:']).toContain(url.protocol);
    expect(descriptor.defaultBaseUrl.endsWith('/')).toBe(false);
    expect(descriptor.baseUrlRequired).toBe(false);
  });

  it('marks the task channels and only them', () => {
    expect(providerDescriptors.filter((descriptor) => descriptor.task).map((descriptor) => descriptor.type)).toEqual([2, 5, 36, 50]);
    expect(findProvider(2)?.defaultModels).toContain('mj_imagine');
    expect(findProvider(5)?.defaultModels).toContain('mj_variation');
    expect(findProvider(36)?.defaultModels).toEqual(['suno_music', 'suno_lyrics']);
  });

  it('carries the spec key format hints', () => {
    expect(findProvider(15)?.keyHint).toBe('APIKey|SecretKey');
    expect(findProvider(18)?.keyHint).toBe('APPID|APISecret|APIKey');
    expect(findProvider(22)?.keyHint).toMatch(/^APIKey-AppId/);
    expect(findProvider(23)?.keyHint).toBe('AppId|SecretId|SecretKey');
    expect(findProvider(33)?.keyHint).toBe('Ak|Sk|Region');
    expect(findProvider(41)?.keyHint).toMatch(/service-account JSON/);
  });

  it('describes the per-type `other` field with its defaults', () => {
    expect(findProvider(18)?.otherField?.default).toBe('v2.1');
    expect(findProvider(3)?.otherField?.default).toBe('2024-10-21');
    expect(findProvider(41)?.otherField).toMatchObject({ label: 'Region', required: true });
    expect(findProvider(39)?.otherField).toMatchObject({ label: 'Account ID', required: true });
    expect(findProvider(49)?.otherField?.label).toBe('Bot ID');
    expect(findProvider(1)?.otherField).toBeUndefined();
  });

  it('names the wire format of the upstream', () => {
    expect(findProvider(1)?.format).toBe('openai');
    expect(findProvider(14)?.format).toBe('anthropic');
    expect(findProvider(33)?.format).toBe('anthropic');
    expect(findProvider(24)?.format).toBe('gemini');
    expect(findProvider(2)?.format).toBe('midjourney');
    expect(findProvider(36)?.format).toBe('suno');
  });

  it('looks types up and builds the per-type model map', () => {
    expect(findProvider(14)?.label).toBe('Anthropic Claude');
    expect(findProvider(99)).toBeUndefined();
    expect(isProviderType(43)).toBe(true);
    expect(isProviderType(6)).toBe(false);
    const map = defaultModelsByType();
    expect(Object.keys(map).map(Number).sort((a, b) => a - b)).toEqual([...specTypeIds].sort((a, b) => a - b));
    expect(map[43]).toEqual(['deepseek-chat', 'deepseek-reasoner']);
    map[43].push('mutated');
    expect(findProvider(43)?.defaultModels).toEqual(['deepseek-chat', 'deepseek-reasoner']);
  });
});
