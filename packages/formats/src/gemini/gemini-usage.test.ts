import { describe, expect, it } from 'vitest';
import { fixturesBeside } from '@turnpike/testing';
import { normaliseGeminiFieldNames } from './gemini-field-names';
import { GeminiStreamUsageReader, readGeminiUsage, usageFromGemini, usageToGemini } from './gemini-usage';

const { fixture } = fixturesBeside(import.meta.url);

function readStream(chunks: Buffer[], collectText = false): GeminiStreamUsageReader {
  const reader = new GeminiStreamUsageReader({ collectText });
  for (const chunk of chunks) reader.push(chunk);
  reader.end();
  return reader;
}

const finalTextUsage = { inputTokens: 9, outputTokens: 22, cacheReadTokens: 3, cacheWriteTokens: 0, reasoningTokens: 18 };

describe('gemini usage', () => {
  it('normalises usageMetadata: input = prompt (cache included) + tool-use prompt, output = candidates + thoughts', () => {
    expect(usageFromGemini({ promptTokenCount: 100, cachedContentTokenCount: 40, candidatesTokenCount: 10, thoughtsTokenCount: 30, toolUsePromptTokenCount: 5, totalTokenCount: 145 })).toEqual({
      inputTokens: 105,
      outputTokens: 40,
      cacheReadTokens: 40,
      cacheWriteTokens: 0,
      reasoningTokens: 30,
    });
    expect(usageFromGemini({ promptTokenCount: 8, totalTokenCount: 20, thoughtsTokenCount: 2 })?.outputTokens).toBe(12);
    expect(usageFromGemini({ promptTokenCount: -1, candidatesTokenCount: 'x' })).toEqual({ inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0, reasoningTokens: 0 });
    expect(usageFromGemini(null)).toBeUndefined();
  });

  it('writes usage back with candidates excluding thoughts, and round-trips', () => {
    const usage = { inputTokens: 105, outputTokens: 40, cacheReadTokens: 40, cacheWriteTokens: 0, reasoningTokens: 30 };
    expect(usageToGemini(usage)).toEqual({ promptTokenCount: 105, candidatesTokenCount: 10, totalTokenCount: 145, cachedContentTokenCount: 40, thoughtsTokenCount: 30 });
    expect(usageFromGemini(usageToGemini(usage))).toEqual(usage);
    expect(usageToGemini({ inputTokens: 3, outputTokens: 1, cacheReadTokens: 0, cacheWriteTokens: 0, reasoningTokens: 0 })).toEqual({ promptTokenCount: 3, candidatesTokenCount: 1, totalTokenCount: 4 });
  });

  it('reads usage from a JSON answer', () => {
    expect(readGeminiUsage(JSON.parse(fixture('generate-content-response.json').toString('utf8')))).toEqual({
      inputTokens: 210,
      outputTokens: 80,
      cacheReadTokens: 128,
      cacheWriteTokens: 0,
      reasoningTokens: 68,
    });
    expect(readGeminiUsage({ candidates: [] })).toBeUndefined();
    expect(readGeminiUsage('text')).toBeUndefined();
  });

  it('reads the final usage from pass-through SSE and JSON-array bytes, however they are split', () => {
    for (const name of ['stream-text-thoughts.sse', 'stream-json-array.json']) {
      const bytes = fixture(name);
      for (let at = 0; at <= bytes.length; at += 7) {
        expect(readStream([bytes.subarray(0, at), bytes.subarray(at)]).usage).toEqual(finalTextUsage);
      }
    }
  });

  it('collects generated text when asked, and reports no usage for a stream cut before any', () => {
    const reader = readStream([fixture('stream-function-call.sse')], true);
    expect(reader.text).toBe('Let me check.get_weather{"city":"Paris"}get_time{}');
    expect(reader.finishReason).toBe('STOP');
    expect(readStream([fixture('stream-function-call.sse')]).text).toBe('');
    const cut = readStream([Buffer.from('data: {"candidates":[{"content":{"parts":[{"text":"Hel')]);
    expect(cut.usage).toBeUndefined();
  });

  it('parses only chunks that mention usageMetadata unless collecting text', () => {
    const bytes = Buffer.from('data: {"candidates":[{"content":{"parts":[{"text":"x"}]}}]}\n\ndata: {broken "usageMetadata"\n\ndata: {"usageMetadata":{"promptTokenCount":2,"candidatesTokenCount":1}}\n\n');
    expect(readStream([bytes]).usage).toEqual({ inputTokens: 2, outputTokens: 1, cacheReadTokens: 0, cacheWriteTokens: 0, reasoningTokens: 0 });
  });
});

describe('gemini field names', () => {
  it('renames structural snake_case fields and leaves caller data alone', () => {
    expect(
      normaliseGeminiFieldNames({
        generation_config: { max_output_tokens: 5, maxOutputTokens: 9 },
        contents: [{ parts: [{ function_call: { name: 'f', args: { user_id: 1 } } }] }],
      }),
    ).toEqual({ generationConfig: { maxOutputTokens: 9 }, contents: [{ parts: [{ functionCall: { name: 'f', args: { user_id: 1 } } }] }] });
  });
});
