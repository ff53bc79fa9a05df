import { describe, expect, it } from 'vitest';
import { isContentUrl } from './rich-content';

describe('isContentUrl', () => {
  it('accepts a bare http or https address', () => {
    expect(isContentUrl('https://example.com/about')).toBe(true);
    expect(isContentUrl('  http://example.com  ')).toBe(true);
  });
  it('rejects Markdown, HTML and text that merely contains an address', () => {
    expect(isContentUrl('# Title')).toBe(false);
    expect(isContentUrl('<a href="https://x.test">x</a>')).toBe(false);
    expect(isContentUrl('see https://example.com')).toBe(false);
  });
});
