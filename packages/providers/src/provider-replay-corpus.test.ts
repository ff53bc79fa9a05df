// The provider replay corpus through the codecs: every case's whole answer and stream decode to the same text,
// reasoning, finish reason and (after the provider's usage rule) usage; the pass-through usage reader agrees; and
// the usage each inbound format reports on conversion adds up (output includes reasoning everywhere).
import { collectStreamParts, findFormat, type CanonicalResponse, type CanonicalUsage, type FormatId } from '@turnpike/formats';
import { loadReplayCases, replayStreamText, type ReplayCase } from '@turnpike/testing';
import { describe, expect, it } from 'vitest';
import { findUsageReading } from './adaptor-registry';
import { reconcileUsage } from './usage-reading';

const cases = loadReplayCases();

function formatOf(id: string): NonNullable<ReturnType<typeof findFormat>> {
  const format = findFormat(id);
  if (!format) throw new Error(`no format ${id}`);
  return format;
}

function textsOf(response: CanonicalResponse): { text: string; reasoning: string } {
  let text = '';
  let reasoning = '';
  for (const part of response.parts) {
    if (part.type === 'text') text += part.text;
    else if (part.type === 'reasoning') reasoning += part.text;
  }
  return { text, reasoning };
}

function checkedUsage(replay: ReplayCase, usage: CanonicalUsage | undefined): CanonicalUsage | undefined {
  return usage && reconcileUsage(usage, findUsageReading(replay.channelType)).usage;
}

function decodedWhole(replay: ReplayCase): CanonicalResponse {
  const format = formatOf(replay.wire);
  const response = format.decodeResponse(replay.whole as never);
  return { ...response, usage: checkedUsage(replay, format.readUsage(replay.whole) ?? response.usage) };
}

function decodedStream(replay: ReplayCase): CanonicalResponse {
  const decoder = formatOf(replay.wire).createStreamDecoder();
  const bytes = Buffer.from(replayStreamText(replay), 'utf8');
  // Cut into small pieces, as a network would.
  const parts = [];
  for (let offset = 0; offset < bytes.length; offset += 37) parts.push(...decoder.push(bytes.subarray(offset, offset + 37)));
  parts.push(...decoder.end());
  const response = collectStreamParts(parts, decoder.metadata ?? { id: 'x', model: 'x', created: 0 });
  return { ...response, usage: checkedUsage(replay, response.usage) };
}

/** The usage an encoded answer reports, read back in canonical terms (output = everything generated). */
const reportedBy: Record<FormatId, (body: Record<string, unknown>) => { input: number; output: number; reasoning: number }> = {
  'openai-chat': (body) => {
    const usage = body.usage as { prompt_tokens: number; completion_tokens: number; total_tokens: number; completion_tokens_details?: { reasoning_tokens: number } };
    expect(usage.total_tokens).toBe(usage.prompt_tokens + usage.completion_tokens);
    return { input: usage.prompt_tokens, output: usage.completion_tokens, reasoning: usage.completion_tokens_details?.reasoning_tokens ?? 0 };
  },
  'openai-responses': (body) => {
    const usage = body.usage as { input_tokens: number; output_tokens: number; total_tokens: number; output_tokens_details: { reasoning_tokens: number } };
    expect(usage.total_tokens).toBe(usage.input_tokens + usage.output_tokens);
    return { input: usage.input_tokens, output: usage.output_tokens, reasoning: usage.output_tokens_details.reasoning_tokens };
  },
  'anthropic-messages': (body) => {
    const usage = body.usage as { input_tokens: number; cache_read_input_tokens: number; cache_creation_input_tokens: number; output_tokens: number; output_tokens_details?: { thinking_tokens: number } };
    return { input: usage.input_tokens + usage.cache_read_input_tokens + usage.cache_creation_input_tokens, output: usage.output_tokens, reasoning: usage.output_tokens_details?.thinking_tokens ?? 0 };
  },
  gemini: (body) => {
    const usage = body.usageMetadata as { promptTokenCount: number; candidatesTokenCount: number; thoughtsTokenCount?: number; totalTokenCount: number };
    const thoughts = usage.thoughtsTokenCount ?? 0;
    expect(usage.totalTokenCount).toBe(usage.promptTokenCount + usage.candidatesTokenCount + thoughts);
    return { input: usage.promptTokenCount, output: usage.candidatesTokenCount + thoughts, reasoning: thoughts };
  },
};

describe('provider replay corpus through the codecs', () => {
  it('covers the providers issue 24 names', () => {
    const folders = new Set(cases.map((replay) => replay.folder));
    for (const folder of ['openai', 'azure', 'xai', 'deepseek', 'mistral', 'anthropic', 'gemini', 'vertex']) expect(folders).toContain(folder);
    // Perplexity and Groq have no channel type of their own: their cases live with the OpenAI-compatible type.
    for (const prefix of ['openai-compatible/perplexity-', 'openai-compatible/groq-']) expect(cases.some((replay) => replay.name.startsWith(prefix))).toBe(true);
  });

  for (const replay of cases) {
    describe(replay.name, () => {
      it('decodes the whole answer', () => {
        const response = decodedWhole(replay);
        expect(textsOf(response)).toEqual({ text: replay.expect.text, reasoning: replay.expect.reasoning });
        expect(response.finishReason).toBe(replay.expect.finish);
        expect(response.usage).toEqual(replay.expect.usage);
      });

      it('decodes the stream to the same answer', () => {
        const response = decodedStream(replay);
        expect(textsOf(response)).toEqual({ text: replay.expect.text, reasoning: replay.expect.reasoning });
        expect(response.finishReason).toBe(replay.expect.finish);
        expect(response.usage).toEqual(replay.expect.usage);
      });

      it('reads the same usage from the stream passed through, and collects its text', () => {
        const reader = formatOf(replay.wire).createStreamUsageReader({ collectText: true });
        reader.push(Buffer.from(replayStreamText(replay), 'utf8'));
        reader.end();
        expect(checkedUsage(replay, reader.usage)).toEqual(replay.expect.usage);
        expect(reader.text).toBe(replay.expect.reasoning + replay.expect.text);
      });

      for (const target of ['openai-chat', 'openai-responses', 'anthropic-messages', 'gemini'] as const) {
        it(`reports consistent usage and string text converted to ${target}`, () => {
          const body = formatOf(target).encodeResponse(decodedWhole(replay)) as Record<string, unknown>;
          const { inputTokens, outputTokens, reasoningTokens } = replay.expect.usage;
          expect(reportedBy[target](body)).toEqual({ input: inputTokens, output: outputTokens, reasoning: reasoningTokens });
          expect(JSON.stringify(body)).toContain(JSON.stringify(replay.expect.text));
        });
      }
    });
  }
});
