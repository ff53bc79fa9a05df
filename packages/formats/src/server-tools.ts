// Server-tool blocks (tools the provider ran itself: web search, web fetch, code execution, MCP) between Anthropic's
// blocks and the canonical model, which ones each target carries, and the one rule for the rest: each becomes a short text,
// kept for the end of the answer, whose sources travel on as citations of that text.
// @see https://docs.claude.com/en/docs/agents-and-tools/tool-use/web-search-tool
// @see https://docs.claude.com/en/docs/agents-and-tools/tool-use/code-execution-tool
// @see https://docs.claude.com/en/docs/agents-and-tools/mcp-connector
import type { CanonicalCitation, CanonicalPart, CanonicalResponse, CanonicalServerToolPart, CanonicalStreamPart, CanonicalTextPart } from './canonical-model';
import type { CanonicalStreamEncoder } from './format-contract';
import { isRecord, type JsonRecord } from './json-values';

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.length > 0 ? value : undefined);

/** Anthropic result block type -> the server tool it belongs to (the call names its tool; results name only the call). */
const anthropicResultTools: Readonly<Record<string, string>> = {
  web_search_tool_result: 'web_search',
  web_fetch_tool_result: 'web_fetch',
  code_execution_tool_result: 'code_execution',
  bash_code_execution_tool_result: 'bash_code_execution',
  text_editor_code_execution_tool_result: 'text_editor_code_execution',
  tool_search_tool_result: 'tool_search',
};

/** Whether an Anthropic content block type is a server-tool call or result. */
export function isAnthropicServerToolBlock(type: unknown): boolean {
  return type === 'server_tool_use' || type === 'mcp_tool_use' || type === 'mcp_tool_result' || (typeof type === 'string' && type in anthropicResultTools);
}

/** Text of a program's result: stdout, then stderr, then a non-zero return code. */
function programOutput(content: JsonRecord): string {
  const pieces = [text(content.stdout), text(content.stderr)].filter((piece) => piece !== undefined);
  if (typeof content.return_code === 'number' && content.return_code !== 0) pieces.push(`return code ${content.return_code}`);
  return pieces.join('\n');
}

/** The pages of a web search result or the page of a web fetch result, as citations. */
function anthropicSources(type: string, content: unknown): CanonicalCitation[] {
  if (type === 'web_search_tool_result' && Array.isArray(content)) {
    return content.flatMap((item) => (isRecord(item) && text(item.url) ? [{ url: item.url as string, ...(text(item.title) ? { title: item.title as string } : {}) }] : []));
  }
  if (type === 'web_fetch_tool_result' && isRecord(content) && text(content.url)) {
    const title = isRecord(content.content) ? text(content.content.title) : undefined;
    return [{ url: content.url as string, ...(title ? { title } : {}) }];
  }
  return [];
}

/** The text a result block carries: program output, MCP text, or the error code of a failed call. */
function anthropicOutput(content: unknown): { output?: string; isError?: boolean } {
  if (typeof content === 'string') return content.length > 0 ? { output: content } : {};
  if (Array.isArray(content)) {
    const joined = content.flatMap((item) => (isRecord(item) && typeof item.text === 'string' ? [item.text] : [])).join('');
    return joined.length > 0 ? { output: joined } : {};
  }
  if (!isRecord(content)) return {};
  if (typeof content.type === 'string' && content.type.endsWith('_error')) return { output: String(content.error_code ?? content.type), isError: true };
  const output = programOutput(content);
  return output.length > 0 ? { output } : {};
}

/** Decodes an Anthropic server-tool block (whole, or complete at the end of its streamed block); undefined for other blocks. */
export function decodeAnthropicServerTool(block: JsonRecord): CanonicalServerToolPart | undefined {
  const type = block.type;
  if (typeof type !== 'string' || !isAnthropicServerToolBlock(type)) return undefined;
  const raw = { format: 'anthropic-messages' as const, block };
  if (type === 'server_tool_use' || type === 'mcp_tool_use') {
    const name = type === 'mcp_tool_use' && text(block.server_name) ? `${block.server_name as string}.${String(block.name)}` : String(block.name ?? type);
    return { type: 'server-tool', kind: 'call', name, id: String(block.id ?? ''), input: JSON.stringify(block.input ?? {}), raw };
  }
  const part: CanonicalServerToolPart = { type: 'server-tool', kind: 'result', name: anthropicResultTools[type] ?? 'mcp', id: String(block.tool_use_id ?? ''), raw };
  const sources = anthropicSources(type, block.content);
  if (sources.length > 0) part.sources = sources;
  const { output, isError } = anthropicOutput(block.content);
  if (output !== undefined) part.output = output;
  if (isError === true || block.is_error === true) part.isError = true;
  return part;
}

/** The pages of a Responses web search action (`sources`, urls only), as citations. */
function responsesSources(action: JsonRecord): CanonicalCitation[] {
  if (!Array.isArray(action.sources)) return [];
  return action.sources.flatMap((source) => (isRecord(source) && text(source.url) ? [{ url: source.url as string, ...(text(source.title) ? { title: source.title as string } : {}) }] : []));
}

/**
 * Decodes a Responses `web_search_call` item as a call and its result: a search (`action.type` "search") is a
 * `web_search` with its query and the pages it found; a page opened or searched within ("open_page", "find") is a
 * `web_fetch` of that page. A failed item's result is an error.
 * @see https://platform.openai.com/docs/guides/tools-web-search
 */
export function decodeResponsesWebSearchCall(item: JsonRecord): CanonicalServerToolPart[] {
  const raw = { format: 'openai-responses' as const, block: item };
  const id = text(item.id) ?? '';
  const action = isRecord(item.action) ? item.action : {};
  const page = action.type === 'open_page' || action.type === 'find' ? text(action.url) : undefined;
  const name = page === undefined ? 'web_search' : 'web_fetch';
  const input = page === undefined ? { query: text(action.query) ?? '' } : { url: page, ...(text(action.pattern) ? { pattern: action.pattern } : {}) };
  const result: CanonicalServerToolPart = { type: 'server-tool', kind: 'result', name, id, raw };
  const sources = page === undefined ? responsesSources(action) : [{ url: page }];
  if (sources.length > 0) result.sources = sources;
  if (item.status === 'failed') result.isError = true;
  return [{ type: 'server-tool', kind: 'call', name, id, input: JSON.stringify(input), raw }, result];
}

/** The query a web search call searched for, from its input JSON. */
export function webSearchQuery(part: CanonicalServerToolPart): string | undefined {
  try {
    const input: unknown = JSON.parse(part.input ?? '{}');
    return isRecord(input) && typeof input.query === 'string' ? input.query : undefined;
  } catch {
    return undefined;
  }
}

/** Carries web searches only (Responses `web_search_call`, Gemini grounding); other server tools are summarised. */
export const carriesWebSearch: ServerToolCarrier = (part) => part.name === 'web_search';

/** What a server-tool call asked, in words: the search query, the page, the code or command, else its input JSON. */
function describeCall(part: CanonicalServerToolPart): string {
  let input: unknown;
  try {
    input = JSON.parse(part.input ?? '{}');
  } catch {
    input = undefined;
  }
  const fields = isRecord(input) ? input : {};
  const detail = text(fields.query) ?? text(fields.url) ?? text(fields.code) ?? text(fields.command) ?? part.input ?? '';
  return `[${part.name}] ${detail}`;
}

/**
 * The one text rule for server tools a target cannot carry: a call becomes `[tool] what it asked`, a result its
 * sources (one `title: url` line each, each line cited) or its output. Starts with a blank line, to follow the answer.
 */
export function summariseServerTool(part: CanonicalServerToolPart): CanonicalTextPart {
  if (part.kind === 'call') return { type: 'text', text: `\n\n${describeCall(part)}` };
  let summary = `\n\n[${part.name} result]${part.isError === true ? ' error' : ''}`;
  const citations: CanonicalCitation[] = [];
  for (const source of part.sources ?? []) {
    summary += '\n';
    const start = summary.length;
    summary += source.title ? `${source.title}: ${source.url}` : source.url;
    citations.push({ ...source, start, end: summary.length });
  }
  if (part.output !== undefined) summary += `\n${part.output}`;
  return citations.length > 0 ? { type: 'text', text: summary, citations } : { type: 'text', text: summary };
}

/** Which server-tool parts a target format carries in its own shape; the rest are summarised. */
export type ServerToolCarrier = (part: CanonicalServerToolPart) => boolean;

/** Carries nothing: every server tool is summarised (OpenAI chat). */
export const carriesNoServerTool: ServerToolCarrier = () => false;

/** A whole answer whose server-tool parts the target cannot carry are moved, as their summaries, to its end. */
export function summariseServerTools(response: CanonicalResponse, carries: ServerToolCarrier): CanonicalResponse {
  if (!response.parts.some((part) => part.type === 'server-tool' && !carries(part))) return response;
  const kept: CanonicalPart[] = [];
  const summaries: CanonicalPart[] = [];
  for (const part of response.parts) {
    if (part.type === 'server-tool' && !carries(part)) summaries.push(summariseServerTool(part));
    else kept.push(part);
  }
  return { ...response, parts: [...kept, ...summaries] };
}

/**
 * Wraps a stream encoder so server-tool parts its format cannot carry are held and written, as their summaries (text
 * deltas and citations), just before the finish or the end of the stream. Parts pass straight through otherwise.
 */
export class ServerToolSummaryEncoder implements CanonicalStreamEncoder {
  private held: CanonicalServerToolPart[] = [];
  private textLength = 0;

  constructor(
    private readonly inner: CanonicalStreamEncoder,
    private readonly carries: ServerToolCarrier,
  ) {}

  /** Encodes one part, holding server tools the inner format cannot carry. */
  encode(part: CanonicalStreamPart): string {
    if (part.type === 'text-delta') this.textLength += part.text.length;
    else if (part.type === 'server-tool' && !this.carries(part.part)) {
      this.held.push(part.part);
      return '';
    } else if (part.type === 'finish') return this.flush() + this.inner.encode(part);
    return this.inner.encode(part);
  }

  /** Writes what is still held, then ends the inner stream. */
  end(): string {
    return this.flush() + this.inner.end();
  }

  private flush(): string {
    if (this.held.length === 0) return '';
    let out = '';
    for (const held of this.held) {
      const summary = summariseServerTool(held);
      const offset = this.textLength;
      out += this.inner.encode({ type: 'text-delta', text: summary.text });
      this.textLength += summary.text.length;
      for (const item of summary.citations ?? []) out += this.inner.encode({ type: 'citation', citation: { ...item, start: offset + (item.start ?? 0), end: offset + (item.end ?? summary.text.length) } });
    }
    this.held = [];
    return out;
  }
}
