import { describe, expect, it } from 'vitest';
import { geminiImageParts, geminiImagesTranslation } from './gemini-images';
import { UnservableRequestError } from './gemini-embeddings';

describe('Gemini images behind the OpenAI images API', () => {
  it('reads image parts of every candidate in either case style and skips text and other media', () => {
    const answer = {
      candidates: [
        { content: { parts: [{ text: 'here' }, { inlineData: { mimeType: 'image/png', data: 'AAA' } }, { inlineData: { mimeType: 'audio/wav', data: 'BBB' } }] } },
        { content: { parts: [{ inline_data: { mime_type: 'image/jpeg', data: 'CCC' } }] } },
      ],
    };
    expect(geminiImageParts(answer)).toEqual(['AAA', 'CCC']);
  });

  it('asks for at most four candidates and refuses a missing prompt as a request the channel cannot serve', () => {
    expect(geminiImagesTranslation.encodeRequest({ prompt: 'cat', n: 9 }, 'm')).toMatchObject({ generationConfig: { candidateCount: 4 } });
    expect(() => geminiImagesTranslation.encodeRequest({ prompt: ' ' }, 'm')).toThrow(UnservableRequestError);
  });

  it('bills the counted prompt when Gemini reports no tokens', () => {
    const decoded = geminiImagesTranslation.decodeAnswer({ candidates: [{ content: { parts: [{ inlineData: { mimeType: 'image/png', data: 'AAA' } }] } }] }, { request: {}, model: 'm', promptTokens: 7 });
    expect(decoded.usageReported).toBe(false);
    expect(decoded.answer).toMatchObject({ data: [{ b64_json: 'AAA' }], usage: { input_tokens: 7, output_tokens: 0, total_tokens: 7 } });
  });
});
