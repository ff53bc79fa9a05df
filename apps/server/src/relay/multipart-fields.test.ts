import { describe, expect, it } from 'vitest';
import { multipartBoundary, readMultipartField, replaceMultipartField } from './multipart-fields';

const boundary = 'XyZ';
const body = Buffer.from(
  [
    `--${boundary}`,
    'Content-Disposition: form-data; name="file"; filename="a.wav"',
    'Content-Type: audio/wav',
    '',
    'RIFF\u0000binary model',
    `--${boundary}`,
    'Content-Disposition: form-data; name="model"',
    '',
    'whisper-1',
    `--${boundary}--`,
    '',
  ].join('\r\n'),
  'latin1',
);

describe('multipart fields', () => {
  it('finds the boundary, reads a text field and skips file parts', () => {
    expect(multipartBoundary('multipart/form-data; boundary=XyZ')).toBe('XyZ');
    expect(multipartBoundary('multipart/form-data; boundary="q q"')).toBe('q q');
    expect(readMultipartField(body, boundary, 'model')).toBe('whisper-1');
    expect(readMultipartField(body, boundary, 'file')).toBeUndefined();
  });

  it('replaces a field value and keeps the rest byte for byte', () => {
    const changed = replaceMultipartField(body, boundary, 'model', 'whisper-large');
    expect(readMultipartField(changed, boundary, 'model')).toBe('whisper-large');
    expect(changed.subarray(0, 90).equals(body.subarray(0, 90))).toBe(true);
    expect(replaceMultipartField(body, boundary, 'missing', 'x')).toBe(body);
  });
});
