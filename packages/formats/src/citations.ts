// Citations between the canonical text part and each format's shape: Anthropic `citations` on text blocks, OpenAI
// chat `annotations` (`url_citation`), Responses `url_citation` annotations, Gemini `groundingMetadata`, and
// Perplexity's `citations`/`search_results`. Offsets are characters of the text part they belong to.
import type { CanonicalCitation, CanonicalPart, CanonicalTextPart } from './canonical-model';
import { isRecord } from './json-values';
import { webSearchQuery } from './server-tools';

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.length > 0 ? value : undefined);
const index = (value: unknown): number | undefined => (typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined);

/** A citation without its absent fields (so decoded values compare equal however the source spelled absence). */
function citation(url: string, title: string | undefined, citedText: string | undefined, start: number | undefined, end: number | undefined): CanonicalCitation {
  const result: CanonicalCitation = { url };
  if (title !== undefined) result.title = title;
  if (citedText !== undefined) result.citedText = citedText;
  if (start !== undefined) result.start = start;
  if (end !== undefined) result.end = end;
  return result;
}

/** A text part, with its citations when there are any. */
export function citedText(value: string, citations: readonly CanonicalCitation[]): CanonicalTextPart {
  return citations.length > 0 ? { type: 'text', text: value, citations: [...citations] } : { type: 'text', text: value };
}

/** Anthropic `citations` of a text block: web search results (URL), and document or page locations that carry a URL-less source. */
export function citationsFromAnthropic(citations: unknown): CanonicalCitation[] {
  if (!Array.isArray(citations)) return [];
  return citations.flatMap((item) => {
    if (!isRecord(item)) return [];
    const url = text(item.url) ?? text(item.source);
    return url ? [citation(url, text(item.title) ?? text(item.document_title), text(item.cited_text), undefined, undefined)] : [];
  });
}

/** Anthropic `citations` for a text block: each source as a `web_search_result_location` (the only URL-bearing kind). */
export function citationsToAnthropic(citations: readonly CanonicalCitation[]): Record<string, unknown>[] {
  return citations.map((item) => ({ type: 'web_search_result_location', url: item.url, title: item.title ?? null, cited_text: item.citedText ?? '', encrypted_index: '' }));
}

/** OpenAI chat `message.annotations` and Responses `output_text.annotations` (`url_citation`; chat nests the fields one level down). */
export function citationsFromOpenAiAnnotations(annotations: unknown, content: string): CanonicalCitation[] {
  if (!Array.isArray(annotations)) return [];
  return annotations.flatMap((item) => {
    if (!isRecord(item) || item.type !== 'url_citation') return [];
    const fields = isRecord(item.url_citation) ? item.url_citation : item;
    const url = text(fields.url);
    if (!url) return [];
    const start = index(fields.start_index);
    const end = index(fields.end_index);
    const cited = start !== undefined && end !== undefined && end <= content.length ? text(content.slice(start, end)) : undefined;
    return [citation(url, text(fields.title), cited, start, end)];
  });
}

/** The cited span of a citation within its part, `offset` characters into the joined text; the whole part when the source named none. */
function span(item: CanonicalCitation, partLength: number, offset: number): { start_index: number; end_index: number } {
  return { start_index: offset + (item.start ?? 0), end_index: offset + (item.end ?? partLength) };
}

/** OpenAI chat `annotations` for the text parts joined into one `content` string. */
export function citationsToOpenAiChat(parts: readonly CanonicalPart[]): Record<string, unknown>[] {
  const annotations: Record<string, unknown>[] = [];
  let offset = 0;
  for (const part of parts) {
    if (part.type !== 'text') continue;
    for (const item of part.citations ?? []) annotations.push({ type: 'url_citation', url_citation: { ...span(item, part.text.length, offset), url: item.url, title: item.title ?? '' } });
    offset += part.text.length;
  }
  return annotations;
}

/** Responses `output_text.annotations` for one text part. */
export function citationsToOpenAiResponses(part: CanonicalTextPart): Record<string, unknown>[] {
  return (part.citations ?? []).map((item) => ({ type: 'url_citation', ...span(item, part.text.length, 0), url: item.url, title: item.title ?? '' }));
}

/** Perplexity's top-level `search_results` (title, URL) or, in older answers, `citations` (URLs), as citations of the whole answer. */
export function citationsFromPerplexity(answer: Readonly<Record<string, unknown>>): CanonicalCitation[] {
  if (Array.isArray(answer.search_results)) {
    return answer.search_results.flatMap((item) => {
      const url = isRecord(item) ? text(item.url) : undefined;
      return url && isRecord(item) ? [citation(url, text(item.title), text(item.snippet), undefined, undefined)] : [];
    });
  }
  if (!Array.isArray(answer.citations)) return [];
  return answer.citations.flatMap((item) => (text(item) ? [citation(item as string, undefined, undefined, undefined, undefined)] : []));
}

/**
 * Gemini `groundingMetadata`: each support's segment cites the chunks it names; chunks no support names are still
 * sources of the answer, cited without a position. Offsets are taken as Gemini gives them.
 */
export function citationsFromGemini(metadata: unknown): CanonicalCitation[] {
  if (!isRecord(metadata) || !Array.isArray(metadata.groundingChunks)) return [];
  const chunks = metadata.groundingChunks.map((chunk) => (isRecord(chunk) && isRecord(chunk.web) ? { url: text(chunk.web.uri), title: text(chunk.web.title) } : { url: undefined, title: undefined }));
  const result: CanonicalCitation[] = [];
  const cited = new Set<number>();
  for (const support of Array.isArray(metadata.groundingSupports) ? metadata.groundingSupports : []) {
    if (!isRecord(support) || !isRecord(support.segment) || !Array.isArray(support.groundingChunkIndices)) continue;
    const segment = support.segment;
    for (const chunkIndex of support.groundingChunkIndices) {
      const chunk = typeof chunkIndex === 'number' ? chunks[chunkIndex] : undefined;
      if (!chunk?.url) continue;
      cited.add(chunkIndex as number);
      result.push(citation(chunk.url, chunk.title, text(segment.text), index(segment.startIndex) ?? 0, index(segment.endIndex)));
    }
  }
  chunks.forEach((chunk, chunkIndex) => {
    if (chunk.url && !cited.has(chunkIndex)) result.push(citation(chunk.url, chunk.title, undefined, undefined, undefined));
  });
  return result;
}

/**
 * Gemini `groundingMetadata` for an answer: the text parts' citations as chunks and supports (offsets into the joined
 * text), and web searches (server-tool parts) as `webSearchQueries` and the chunks they found; undefined when empty.
 */
export function citationsToGemini(parts: readonly CanonicalPart[]): Record<string, unknown> | undefined {
  const chunks: Record<string, unknown>[] = [];
  const chunkIndexes = new Map<string, number>();
  const supports: Record<string, unknown>[] = [];
  const queries: string[] = [];
  const chunkOf = (item: CanonicalCitation): number => {
    let chunkIndex = chunkIndexes.get(item.url);
    if (chunkIndex === undefined) {
      chunkIndex = chunks.length;
      chunkIndexes.set(item.url, chunkIndex);
      chunks.push({ web: { uri: item.url, title: item.title ?? '' } });
    }
    return chunkIndex;
  };
  let offset = 0;
  for (const part of parts) {
    if (part.type === 'server-tool' && part.name === 'web_search') {
      const query = part.kind === 'call' ? webSearchQuery(part) : undefined;
      if (query !== undefined) queries.push(query);
      for (const source of part.sources ?? []) chunkOf(source);
    }
    if (part.type !== 'text') continue;
    for (const item of part.citations ?? []) {
      const chunkIndex = chunkOf(item);
      const { start_index: startIndex, end_index: endIndex } = span(item, part.text.length, offset);
      supports.push({ segment: { startIndex, endIndex, text: item.citedText ?? part.text.slice(startIndex - offset, endIndex - offset) }, groundingChunkIndices: [chunkIndex] });
    }
    offset += part.text.length;
  }
  if (chunks.length === 0 && queries.length === 0) return undefined;
  return { ...(queries.length > 0 ? { webSearchQueries: queries } : {}), groundingChunks: chunks, groundingSupports: supports };
}

/** The span a streamed citation covers in the answer's joined text: its own, else everything streamed before it. */
export function streamedSpan(item: CanonicalCitation, textLength: number): { start: number; end: number } {
  return { start: item.start ?? 0, end: item.end ?? textLength };
}

/** One OpenAI chat `url_citation` annotation for a streamed citation (offsets into the joined `content`). */
export function openAiChatAnnotation(item: CanonicalCitation, textLength: number): Record<string, unknown> {
  const { start, end } = streamedSpan(item, textLength);
  return { type: 'url_citation', url_citation: { start_index: start, end_index: end, url: item.url, title: item.title ?? '' } };
}

/** A citation moved by `shift` characters (negative to make joined-text offsets relative to a part); positions that fall outside `[0, length]` are dropped. */
export function shiftedCitation(item: CanonicalCitation, shift: number, length: number): CanonicalCitation {
  const start = item.start === undefined ? undefined : item.start + shift;
  const end = item.end === undefined ? undefined : item.end + shift;
  const inside = (start === undefined || (start >= 0 && start <= length)) && (end === undefined || (end >= 0 && end <= length));
  return citation(item.url, item.title, item.citedText, inside ? start : undefined, inside ? end : undefined);
}
