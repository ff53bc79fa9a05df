import { describe, expect, it } from 'vitest';
import { parseMultipartBody, readMultipartBoundary } from './mock-multipart';
import { countMockChatPromptTokens, countMockInputTokens, countMockTokens, listMockInputs } from './mock-tokens';

describe('mock token counting', () => {
  it('counts whitespace-separated words', () => {
    expect(countMockTokens('  hello   big\nworld ')).toBe(3);
    expect(countMockTokens('')).toBe(0);
  });

  it('counts chat text content, strings and text parts alike, ignoring images', () => {
    const body = {
      messages: [
        { role: 'system', content: 'one two' },
        { role: 'user', content: [{ type: 'text', text: 'three' }, { type: 'image_url', image_url: { url: 'x' } }, { type: 'text', text: 'four five' }] },
        { role: 'assistant', content: null },
      ],
    };
    expect(countMockChatPromptTokens(body)).toBe(5);
    expect(countMockChatPromptTokens({})).toBe(0);
  });

  it('counts prompts given as text, lists of texts or token arrays', () => {
    expect(countMockInputTokens('a b')).toBe(2);
    expect(countMockInputTokens(['a b', 'c'])).toBe(3);
    expect(countMockInputTokens([1, 2, 3])).toBe(3);
    expect(countMockInputTokens([[1, 2], [3]])).toBe(3);
    expect(listMockInputs(['x', [1, 2]])).toEqual(['x', '1 2']);
  });
});

describe('mock multipart reader', () => {
  it('reads fields and files', () => {
    const boundary = 'XyZ';
    const body = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="model"\r\n\r\nwhisper-1\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.wav"\r\nContent-Type: audio/wav\r\n\r\nBYTES\r\nMORE\r\n` +
        `--${boundary}--\r\n`,
    );
    expect(readMultipartBoundary('multipart/form-data; boundary=XyZ')).toBe('XyZ');
    expect(readMultipartBoundary('multipart/form-data; boundary="q q"')).toBe('q q');
    const parsed = parseMultipartBody(body, boundary);
    expect(parsed.fields).toEqual({ model: 'whisper-1' });
    expect(parsed.files.map((file) => ({ ...file, bytes: file.bytes.toString() }))).toEqual([
      { field: 'file', filename: 'a.wav', contentType: 'audio/wav', bytes: 'BYTES\r\nMORE' },
    ]);
  });
});
