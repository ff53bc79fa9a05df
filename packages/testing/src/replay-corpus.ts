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

const providersSource = new URL('../../providers/src/', import.meta.url);

/** Every replay case of every provider folder, in folder and file order. */
export function loadReplayCases(): ReplayCase[] {
  const cases: ReplayCase[] = [];
  for (const folder of readdirSync(providersSource, { withFileTypes: true })) {
    if (!folder.isDirectory()) continue;
    const fixtures = new URL(`${folder.name}/__fixtures__/`, providersSource);
    let files: string[];
    try {
      files = readdirSync(fixtures).filter((file) => file.endsWith('.replay.json'));
    } catch {
      continue;
    }
    for (const file of files.sort()) {
      const parsed = JSON.parse(readFileSync(new URL(file, fixtures), 'utf8')) as Omit<ReplayCase, 'name' | 'folder'>;
      cases.push({ ...parsed, name: `${folder.name}/${file}`, folder: folder.name });
    }
  }
  return cases;
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
