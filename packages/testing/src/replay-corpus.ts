// The provider replay corpus: recorded answer shapes kept beside each provider, one file per provider and case
// (`packages/providers/src/{folder}/__fixtures__/{provider}-{case}.replay.json`), each with the whole answer, the
// same answer streamed (as the wire's frames) and what every client must get from it. Tests replay them through
// the codecs and through the relay to the real SDKs.
import { readdirSync, readFileSync } from 'node:fs';

/** The canonical usage a replay case must bill (canonical semantics: input includes cache, output includes reasoning). */
export interface ReplayUsage {
  inputTokens: number;
  outputTokens: number;
  cacheReadTokens: number;
  cacheWriteTokens: number;
  reasoningTokens: number;
  /** Billed units that are not tokens (`web_search`), when the provider reported any. */
  unitCounts?: Record<string, number>;
}

/** A tool call a replay case must give every client: the provider's id (absent when the provider names none), name, parsed arguments and the reasoning signature bound to it. */
export interface ReplayToolCall {
  id?: string;
  name: string;
  arguments: Record<string, unknown>;
  signature?: string;
}

/** What every client must get from a replay case. */
export interface ReplayExpectation {
  text: string;
  reasoning: string;
  finish: 'stop' | 'length' | 'tool-calls' | 'content-filter';
  usage: ReplayUsage;
  /** Tool calls in order; none when absent. */
  toolCalls?: ReplayToolCall[];
  /** The distinct URLs the answer cites (on its text, or in the summary of its server tools); none when absent. */
  citations?: string[];
  /** Per inbound format, the server-tool blocks or items its clients get in its own shape (Anthropic blocks as sent, Responses `web_search_call`). */
  serverTools?: Partial<Record<string, string[]>>;
  /** Per inbound format, the text its clients get after the answer for server tools it has no carrier for. */
  serverToolText?: Partial<Record<string, string>>;
}

/** One recorded case of one provider. */
export interface ReplayCase {
  /** `{folder}/{file}`, for test names. */
  name: string;
  /** The provider folder the case lives in. */
  folder: string;
  about: string;
  /** The channel type the case is replayed through. */
  channelType: number;
  /** The wire the provider answers in: `openai-chat`, `anthropic-messages` or `gemini`. */
  wire: 'openai-chat' | 'anthropic-messages' | 'gemini';
  whole: unknown;
  /** The stream's frames: chunk objects (OpenAI chat, Gemini), event objects (Anthropic), or `"[DONE]"`. */
  stream: unknown[];
  expect: ReplayExpectation;
}

/**
 * A recorded error answer of one provider (`{provider}-{case}.replay-error.json`): the HTTP error status and the body
 * the provider documents for it, or (`midStream`) a stream that starts and then reports the error as an event.
 */
export interface ReplayErrorCase {
  /** `{folder}/{file}`, for test names. */
  name: string;
  folder: string;
  about: string;
  channelType: number;
  wire: ReplayCase['wire'];
  /** The HTTP status the provider answers (200 for an error reported inside a stream). */
  status: number;
  /** The error body as the provider sends it (a refused call). */
  body?: unknown;
  /** The stream's frames, the last one the provider's error event (an error mid-stream). */
  stream?: unknown[];
  expect: {
    /** The provider's error message the case carries, which the relay passes on. */
    message: string;
    /** The provider's error type or status word (`invalid_request_error`, `RESOURCE_EXHAUSTED`). */
    type?: string;
    /** What a caller is told when it differs from `message`: the channel's secrets and private addresses replaced by `***`. */
    told?: string;
    /** The `code` an OpenAI-format caller is told: the upstream's own (absent: null). */
    code?: string;
    /** The `param` an OpenAI-format caller is told: the upstream's own (absent: null). */
    param?: string;
    /** The upstream refused the channel's own key: callers get a 502 that names the request id, none of the upstream's text. */
    channelRefused?: boolean;
    /** The body is not in the wire's own error shape: the format's error decoder does not read it (the relay's fallback reader takes its message). */
    foreignShape?: boolean;
    /** The text streamed before the error (mid-stream cases). */
    text?: string;
  };
}

const providersSource = new URL('../../providers/src/', import.meta.url);

/** The parsed files ending in `suffix` of every provider folder, in folder and file order. */
function loadFixtures<T>(suffix: string): Array<T & { name: string; folder: string }> {
  const found: Array<T & { name: string; folder: string }> = [];
  for (const folder of readdirSync(providersSource, { withFileTypes: true })) {
    if (!folder.isDirectory()) continue;
    const fixtures = new URL(`${folder.name}/__fixtures__/`, providersSource);
    let files: string[];
    try {
      files = readdirSync(fixtures).filter((file) => file.endsWith(suffix));
    } catch {
      continue;
    }
    for (const file of files.sort()) {
      const parsed = JSON.parse(readFileSync(new URL(file, fixtures), 'utf8')) as T;
      found.push({ ...parsed, name: `${folder.name}/${file}`, folder: folder.name });
    }
  }
  return found;
}

/** Every replay case of every provider folder, in folder and file order. */
export function loadReplayCases(): ReplayCase[] {
  return loadFixtures<Omit<ReplayCase, 'name' | 'folder'>>('.replay.json');
}

/** Every recorded error answer of every provider folder, in folder and file order. */
export function loadReplayErrorCases(): ReplayErrorCase[] {
  return loadFixtures<Omit<ReplayErrorCase, 'name' | 'folder'>>('.replay-error.json');
}

/** The stream of a case as its wire sends it: SSE frames (`event:` lines for Anthropic, CRLF framing for Gemini). */
export function replayStreamText(replay: ReplayCase): string {
  return replay.stream
    .map((frame) => {
      if (frame === '[DONE]') return 'data: [DONE]\n\n';
      const data = JSON.stringify(frame);
      if (replay.wire === 'anthropic-messages') return `event: ${(frame as { type: string }).type}\ndata: ${data}\n\n`;
      if (replay.wire === 'gemini') return `data: ${data}\r\n\r\n`;
      return `data: ${data}\n\n`;
    })
    .join('');
}
