// Usage fixtures of every chat wire (the four formats and every native dialect): a whole answer and a stream from the
// folders' __fixtures__, with the exact canonical usage each must give. Canonical usage counts every prompt token in
// `inputTokens` (cache reads and writes included) and reasoning in `outputTokens` (formats/src/canonical-model.ts),
// so the sums below are written out from the raw fixture fields. Paths are relative to `packages/`.
import type { CanonicalUsage } from '@turnpike/formats';

const usage = (inputTokens: number, outputTokens: number, cacheReadTokens = 0, cacheWriteTokens = 0, reasoningTokens = 0): CanonicalUsage => ({
  inputTokens,
  outputTokens,
  cacheReadTokens,
  cacheWriteTokens,
  reasoningTokens,
});

/** A whole (non-streamed) answer; `ndjson-frames` reads one JSON value per line into an array (Spark's collected frames). */
export interface WholeUsageCase {
  fixture: string;
  read: 'json' | 'ndjson-frames';
  /** undefined: the answer carries no usage (and must report none). */
  usage: CanonicalUsage | undefined;
  note?: string;
}

/** A stream; `reframeFor` names the channel type whose adaptor re-frames the bytes first (Bedrock's event stream). */
export interface StreamUsageCase {
  fixture: string;
  usage: CanonicalUsage | undefined;
  reframeFor?: number;
  note?: string;
}

export interface WireUsageCases {
  wire: string;
  whole: WholeUsageCase[];
  stream: StreamUsageCase[];
}

/** Wires whose upstream reports no token usage at all: the relay must count tokens itself. */
export const wiresWithoutUsage: readonly string[] = ['aiproxy-library-ask', 'palm-generate-message'];

export const usageCases: readonly WireUsageCases[] = [
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
  {
    wire: 'cohere-v2',
    // billed_units (what Cohere bills) win over raw tokens: input 37, output 28.
    whole: [{ fixture: 'providers/src/cohere/__fixtures__/chat-response-tool-call.json', read: 'json', usage: usage(37, 28) }],
    // message-end billed_units: input 9, output 21. Its `cached_tokens: 448` counts raw prompt tokens (512), not billed ones,
    // so it cannot be a cache-read share of the billed 9 and is not reported.
    stream: [{ fixture: 'providers/src/cohere/__fixtures__/chat-stream-text.sse', usage: usage(9, 21) }],
  },
  {
    wire: 'baidu-ernie',
    whole: [{ fixture: 'providers/src/baidu/__fixtures__/ernie-response.json', read: 'json', usage: usage(5, 12) }],
    // the is_end chunk carries the final counts: prompt 5, completion 12.
    stream: [{ fixture: 'providers/src/baidu/__fixtures__/ernie-stream.sse', usage: usage(5, 12) }],
  },
  {
    wire: 'tencent-hunyuan',
    whole: [{ fixture: 'providers/src/tencent/__fixtures__/hunyuan-response.json', read: 'json', usage: usage(12, 11) }],
    // every chunk carries running counts; the last is prompt 12, completion 11.
    stream: [{ fixture: 'providers/src/tencent/__fixtures__/hunyuan-stream-text.sse', usage: usage(12, 11) }],
  },
  {
    wire: 'xunfei-spark',
    // Spark only streams: a whole answer is its collected frames; the last frame: prompt 5, completion 18.
    whole: [{ fixture: 'providers/src/xunfei/__fixtures__/spark-stream-text.ndjson', read: 'ndjson-frames', usage: usage(5, 18) }],
    stream: [{ fixture: 'providers/src/xunfei/__fixtures__/spark-stream-text.ndjson', usage: usage(5, 18) }],
  },
  {
    wire: 'zhipu-v3',
    whole: [{ fixture: 'providers/src/zhipu/__fixtures__/chatglm-invoke.json', read: 'json', usage: usage(2, 20) }],
    // the finish event's meta line: prompt 2, completion 20.
    stream: [{ fixture: 'providers/src/zhipu/__fixtures__/chatglm-sse-invoke.sse', usage: usage(2, 20) }],
  },
  {
    wire: 'dify-chat',
    whole: [{ fixture: 'providers/src/dify/__fixtures__/dify-blocking-answer.json', read: 'json', usage: usage(1033, 128) }],
    // message_end metadata.usage: prompt 1033, completion 135.
    stream: [{ fixture: 'providers/src/dify/__fixtures__/dify-stream-chat.sse', usage: usage(1033, 135) }],
  },
  {
    wire: 'coze-v3-chat',
    whole: [
      { fixture: 'providers/src/coze/__fixtures__/coze-message-list.json', read: 'json', usage: undefined, note: 'a message list (GET /v3/chat/message/list) carries no usage by design' },
      // GET /v3/chat/retrieve: the chat object of coze-stream-chat.sse's conversation.chat.completed event.
      { fixture: 'providers/src/__conformance__/coze-chat-retrieve.json', read: 'json', usage: usage(614, 19) },
    ],
    // conversation.chat.completed usage: input_count 614, output_count 19.
    stream: [{ fixture: 'providers/src/coze/__fixtures__/coze-stream-chat.sse', usage: usage(614, 19) }],
  },
  {
    wire: 'aiproxy-library-ask',
    whole: [{ fixture: 'providers/src/ai-proxy-library/__fixtures__/aiproxy-library-answer.json', read: 'json', usage: undefined, note: 'the knowledge base API reports no usage' }],
    stream: [{ fixture: 'providers/src/ai-proxy-library/__fixtures__/aiproxy-library-stream.sse', usage: undefined, note: 'the knowledge base API reports no usage' }],
  },
  {
    wire: 'palm-generate-message',
    whole: [{ fixture: 'providers/src/palm/__fixtures__/palm-answer.json', read: 'json', usage: undefined, note: 'generateMessage reports no usage' }],
    // PaLM cannot stream: its decoder reads a whole body fed as bytes.
    stream: [{ fixture: 'providers/src/palm/__fixtures__/palm-answer.json', usage: undefined, note: 'generateMessage reports no usage' }],
  },
];
