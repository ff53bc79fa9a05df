// Usage fixtures of the four format wires: a whole answer and a stream from the formats' __fixtures__, with the exact
// canonical usage each must give (each native dialect's live beside its provider, in its conformance samples).
// Canonical usage counts every prompt token in `inputTokens` (cache reads and writes included) and reasoning in
// `outputTokens` (formats/src/canonical-model.ts), so the sums below are written out from the raw fixture fields.
// Paths are relative to `packages/`.
import { usage, type WholeUsageCase, type StreamUsageCase } from './conformance-kit';

/** The usage cases of one wire. */
export interface WireUsageCases {
  wire: string;
  whole: WholeUsageCase[];
  stream: StreamUsageCase[];
}

/** The format wires' usage cases. */
export const formatUsageCases: readonly WireUsageCases[] = [
  {
    wire: 'openai-chat',
    // prompt 120 (64 cached), completion 35 (10 reasoning).
    whole: [{ fixture: 'formats/src/openai-chat/__fixtures__/chat-response.json', read: 'json', usage: usage(120, 35, 64, 0, 10) }],
    // prompt 19 (6 cached), completion 4, in the last chunk (stream_options.include_usage).
    stream: [{ fixture: 'formats/src/openai-chat/__fixtures__/chat-stream-text-usage.sse', usage: usage(19, 4, 6) }],
  },
  {
    wire: 'openai-responses',
    // input 2310 (2048 cached), output 301 (256 reasoning).
    whole: [{ fixture: 'formats/src/openai-responses/__fixtures__/responses-response.json', read: 'json', usage: usage(2310, 301, 2048, 0, 256) }],
    // response.completed: input 1290 (1152 cached), output 4.
    stream: [{ fixture: 'formats/src/openai-responses/__fixtures__/responses-stream-text.sse', usage: usage(1290, 4, 1152) }],
  },
  {
    wire: 'anthropic-messages',
    // input 472 + cache_creation 1024 + cache_read 2048 = 3544; output 89.
    whole: [{ fixture: 'formats/src/anthropic-messages/__fixtures__/messages-response.json', read: 'json', usage: usage(472 + 1024 + 2048, 89, 2048, 1024) }],
    stream: [
      // message_start: input 21 + cache_read 1800 = 1821; message_delta: output 12.
      { fixture: 'formats/src/anthropic-messages/__fixtures__/messages-stream-text.sse', usage: usage(21 + 0 + 1800, 12, 1800) },
      // Bedrock's binary event stream, re-framed by the AWS adaptor: message_start input 14, message_delta output 9.
      { fixture: 'providers/src/aws/__fixtures__/claude-stream.eventstream', usage: usage(14, 9), reframeFor: 33 },
    ],
  },
  {
    wire: 'gemini',
    // prompt 210 (128 cached); candidates 12 + thoughts 68 = 80 (68 reasoning).
    whole: [{ fixture: 'formats/src/gemini/__fixtures__/generate-content-response.json', read: 'json', usage: usage(210, 12 + 68, 128, 0, 68) }],
    // last chunk: prompt 9 (3 cached); candidates 4 + thoughts 18 = 22.
    stream: [{ fixture: 'formats/src/gemini/__fixtures__/stream-text-thoughts.sse', usage: usage(9, 4 + 18, 3, 0, 18) }],
  },
];
