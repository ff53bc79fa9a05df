import { describe, expect, it } from 'vitest';
import { en } from './en';
import { normalizeLanguage } from './i18n';
import { zh } from './zh';

function leafPaths(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => leafPaths(child, prefix ? `${prefix}.${key}` : key));
}

function leafValue(resource: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], resource);
}

describe('translation resources', () => {
  it('zh and en have the same keys', () => {
    expect(leafPaths(zh).sort()).toEqual(leafPaths(en).sort());
  });
  it('every string is non-empty and keeps the same placeholders in both languages', () => {
    for (const path of leafPaths(en)) {
      const english = String(leafValue(en, path));
      const chinese = String(leafValue(zh, path));
      expect(english.trim(), path).not.toBe('');
      expect(chinese.trim(), path).not.toBe('');
      const placeholders = (text: string) => (text.match(/\{\{\w+\}\}/g) ?? []).sort();
      expect(placeholders(chinese), path).toEqual(placeholders(english));
    }
  });
});

describe('normalizeLanguage', () => {
  it('maps regional tags to the supported languages', () => {
    expect(normalizeLanguage('zh-CN')).toBe('zh');
    expect(normalizeLanguage('en_US')).toBe('en');
    expect(normalizeLanguage('fr')).toBeNull();
    expect(normalizeLanguage(null)).toBeNull();
  });
});
