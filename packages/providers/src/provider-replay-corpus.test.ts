// The provider replay corpus through the codecs: every case's whole answer and stream decode to the same text,
// reasoning, finish reason and (after the provider's usage rule) usage; the pass-through usage reader agrees; and
// the usage each inbound format reports on conversion adds up (output includes reasoning everywhere); tool calls,
// citations and server-tool blocks decode the same whole and streamed, and survive every format's stream encoder.
import { collectStreamParts, findFormat, unsealedToolCallId, openToolCallId, type CanonicalResponse, type CanonicalStreamPart, type CanonicalUsage, type FormatId } from '@turnpike/formats';
import { loadReplayCases, loadReplayErrorCases, replayStreamText, type ReplayCase } from '@turnpike/testing';
import { describe, expect, it } from 'vitest';
import { findUsageReading } from './adaptor-registry';
import { reconcileUsage } from './usage-reading';

const cases = loadReplayCases();
const errorCases = loadReplayErrorCases();

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

/** What a decoded answer holds beyond its text: tool calls, cited URLs and server-tool block types. */
function extrasOf(response: CanonicalResponse): { toolCalls: Array<{ id: string; name: string; arguments: unknown; signature?: string }>; citations: string[]; serverTools: string[] } {
  const toolCalls = [];
  const citations = new Set<string>();
  const serverTools = [];
  for (const part of response.parts) {
    if (part.type === 'tool-call') toolCalls.push({ id: part.id, name: part.name, arguments: JSON.parse(part.arguments) as unknown, ...(part.signature ? { signature: part.signature } : {}) });
    else if (part.type === 'text') for (const citation of part.citations ?? []) citations.add(citation.url);
    else if (part.type === 'server-tool') serverTools.push(String(part.raw.block.type));
  }
  return { toolCalls, citations: [...citations], serverTools };
}

/** The tool calls a case must give, as `extrasOf` reads them; `ids` maps a call's position to the id it must have when the provider gave none. */
function expectedCalls(replay: ReplayCase, ids: (index: number) => string): Array<{ id: string; name: string; arguments: unknown; signature?: string }> {
  return (replay.expect.toolCalls ?? []).map((call, index) => ({ id: call.id ?? ids(index), name: call.name, arguments: call.arguments, ...(call.signature ? { signature: call.signature } : {}) }));
}

function checkExtras(replay: ReplayCase, response: CanonicalResponse): void {
  const extras = extrasOf(response);
  const generated = extras.toolCalls.map((call) => call.id);
  expect(extras.toolCalls).toEqual(expectedCalls(replay, (index) => generated[index]));
  expect(new Set(generated).size).toBe(generated.length);
  for (const id of generated) expect(id.length).toBeGreaterThan(0);
  expect(extras.citations).toEqual(replay.expect.citations ?? []);
  expect(extras.serverTools).toEqual(replay.expect.serverTools?.[replay.wire] ?? []);
}

/** What an Anthropic stream generated, in order: text, thinking and every block's streamed input (server tools' too). */
function anthropicGenerated(replay: ReplayCase): string {
  return replay.stream
    .map((frame) => {
      const delta = (frame as { type?: string; delta?: { text?: string; thinking?: string; partial_json?: string } }).delta;
      return (frame as { type?: string }).type === 'content_block_delta' ? (delta?.text ?? delta?.thinking ?? delta?.partial_json ?? '') : '';
    })
    .join('');
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
        checkExtras(replay, response);
      });

      it('decodes the stream to the same answer', () => {
        const response = decodedStream(replay);
        expect(textsOf(response)).toEqual({ text: replay.expect.text, reasoning: replay.expect.reasoning });
        expect(response.finishReason).toBe(replay.expect.finish);
        expect(response.usage).toEqual(replay.expect.usage);
        checkExtras(replay, response);
      });

      for (const target of ['openai-chat', 'openai-responses', 'anthropic-messages', 'gemini'] as const) {
        it(`keeps text, tool calls and sources streamed as ${target}`, () => {
          const decoder = formatOf(replay.wire).createStreamDecoder();
          const parts = [...decoder.push(Buffer.from(replayStreamText(replay), 'utf8')), ...decoder.end()];
          const encoder = formatOf(target).createStreamEncoder({ metadata: { id: 'replay-1', model: 'replay', created: 1_764_000_000 }, includeUsage: true });
          const text = parts.map((part) => encoder.encode(part)).join('') + encoder.end();
          const again = formatOf(target).createStreamDecoder();
          const back = collectStreamParts([...again.push(Buffer.from(text, 'utf8')), ...again.end()] as CanonicalStreamPart[], { id: 'x', model: 'x', created: 0 });
          // Server tools travel in the target's own shape where it has one, else as a summary after the answer.
          const summary = replay.expect.serverToolText?.[target] ?? '';
          expect(textsOf(back)).toEqual({ text: replay.expect.text + summary, reasoning: replay.expect.reasoning });
          const extras = extrasOf(back);
          // A raw thought signature has a field only in Gemini's shape; for the others the relay seals it into a
          // reasoning envelope under its secret (relay-provider-replay and reasoning-carriage test that), not the codec.
          expect(extras.toolCalls.map((call) => ({ ...call, id: unsealedToolCallId(call.id), signature: call.signature ?? openToolCallId(call.id).signature }))).toEqual(
            expectedCalls(replay, (index) => unsealedToolCallId(extras.toolCalls[index].id)).map((call) => ({ ...call, signature: target === 'gemini' ? call.signature : undefined })),
          );
          expect(new Set(extras.citations)).toEqual(new Set(replay.expect.citations ?? []));
          // Anthropic's server-tool blocks decode back as they are, a Responses `web_search_call` item as a call and its
          // result; Gemini's grounding is checked in the encoded text.
          const carried = replay.expect.serverTools?.[target] ?? [];
          expect(extras.serverTools).toEqual(target === 'anthropic-messages' ? carried : target === 'openai-responses' ? carried.flatMap((type) => [type, type]) : []);
          for (const type of target === 'anthropic-messages' ? [] : carried) expect(text).toContain(`"type":"${type}"`);
        });
      }

      it('reads the same usage from the stream passed through, and collects its text', () => {
        const reader = formatOf(replay.wire).createStreamUsageReader({ collectText: true });
        reader.push(Buffer.from(replayStreamText(replay), 'utf8'));
        reader.end();
        expect(checkedUsage(replay, reader.usage)).toEqual(replay.expect.usage);
        // Tool calls count too (name and arguments as streamed), for billing a stream cut before its usage.
        const calls = decodedStream(replay).parts.flatMap((part) => (part.type === 'tool-call' ? [part.name + part.arguments] : []));
        expect(reader.text).toBe(replay.expect.serverTools ? anthropicGenerated(replay) : replay.expect.reasoning + replay.expect.text + calls.join(''));
      });

      for (const target of ['openai-chat', 'openai-responses', 'anthropic-messages', 'gemini'] as const) {
        it(`reports consistent usage and string text converted to ${target}`, () => {
          const body = formatOf(target).encodeResponse(decodedWhole(replay)) as Record<string, unknown>;
          const { inputTokens, outputTokens, reasoningTokens } = replay.expect.usage;
          expect(reportedBy[target](body)).toEqual({ input: inputTokens, output: outputTokens, reasoning: reasoningTokens });
          const summary = replay.expect.serverToolText?.[target] ?? '';
          for (const type of target === 'anthropic-messages' ? [] : (replay.expect.serverTools?.[target] ?? [])) expect(JSON.stringify(body)).toContain(`"type":"${type}"`);
          const again = formatOf(target).decodeResponse(body as never);
          expect(textsOf(again).text).toBe(replay.expect.text + summary);
          expect(again.parts.flatMap((part) => (part.type === 'tool-call' ? [[part.name, JSON.parse(part.arguments)]] : []))).toEqual((replay.expect.toolCalls ?? []).map((call) => [call.name, call.arguments]));
        });
      }
    });
  }
});

describe('provider error answers through the codecs', () => {
  it('covers the providers issue 24 names', () => {
    const folders = new Set(errorCases.map((replay) => replay.folder));
    for (const folder of ['openai', 'xai', 'deepseek', 'mistral', 'anthropic', 'gemini', 'vertex']) expect(folders).toContain(folder);
    for (const prefix of ['openai-compatible/perplexity-', 'openai-compatible/groq-']) expect(errorCases.some((replay) => replay.name.startsWith(prefix))).toBe(true);
  });

  for (const replay of errorCases) {
    describe(replay.name, () => {
      if (replay.body !== undefined) {
        it("reads the provider's message and type from its error body (when it is in the wire's own shape)", () => {
          const error = formatOf(replay.wire).decodeError(replay.body);
          if (replay.expect.foreignShape) expect(error).toBeUndefined();
          else expect(error && { message: error.message, type: error.type }).toEqual({ message: replay.expect.message, type: replay.expect.type });
        });
      }
      if (replay.stream) {
        const streamed = { ...replay, stream: replay.stream } as unknown as ReplayCase;
        it('decodes the text streamed before the error, then the error', () => {
          const decoder = formatOf(replay.wire).createStreamDecoder();
          const parts = [...decoder.push(Buffer.from(replayStreamText(streamed), 'utf8')), ...decoder.end()];
          const response = collectStreamParts(parts, decoder.metadata ?? { id: 'x', model: 'x', created: 0 });
          expect(textsOf(response).text).toBe(replay.expect.text);
          expect(response.finishReason).toBe('error');
          expect(parts.filter((part) => part.type === 'error')).toEqual([{ type: 'error', error: { message: replay.expect.message, type: replay.expect.type } }]);
        });
        for (const target of ['openai-chat', 'openai-responses', 'anthropic-messages', 'gemini'] as const) {
          it(`passes the text and then the error on streamed as ${target}`, () => {
            const decoder = formatOf(replay.wire).createStreamDecoder();
            const parts = [...decoder.push(Buffer.from(replayStreamText(streamed), 'utf8')), ...decoder.end()];
            const encoder = formatOf(target).createStreamEncoder({ metadata: { id: 'replay-1', model: 'replay', created: 1_764_000_000 }, includeUsage: true });
            const text = parts.map((part) => encoder.encode(part)).join('') + encoder.end();
            const again = formatOf(target).createStreamDecoder();
            const back = [...again.push(Buffer.from(text, 'utf8')), ...again.end()] as CanonicalStreamPart[];
            expect(textsOf(collectStreamParts(back, { id: 'x', model: 'x', created: 0 })).text).toBe(replay.expect.text);
            const error = back.find((part) => part.type === 'error');
            expect(error?.type === 'error' ? error.error.message : undefined).toBe(replay.expect.message);
          });
        }
      }
    });
  }
});
