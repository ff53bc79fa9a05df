// Sources survive conversion: recorded answers with citations (Anthropic web search, OpenAI chat url_citation,
// Responses url_citation, Perplexity search_results, Gemini grounding) decode to canonical citations and are encoded
// into every format's own shape; the OpenAI shapes are checked against OpenAI's OpenAPI specification.
import { checkOpenAiSpec, providerFixtures, type SpecException } from '@turnpike/testing';
import { describe, expect, it } from 'vitest';
import type { CanonicalCitation, CanonicalResponse, CanonicalStreamPart } from './canonical-model';
import { collectStreamParts } from './canonical-stream-collect';
import { findFormat } from './format-registry';
import { SseParser } from './sse-parser';

const wiki = 'https://en.wikipedia.org/wiki/Eiffel_Tower';

/**
 * `summarised`: sources of server-tool results (Anthropic web search) that formats without a carrier get as a text
 * summary at the end of the answer, cited there; Anthropic clients get the server-tool blocks themselves.
 */
const sources: Array<{ name: string; format: string; folder: string; file: string; citations: CanonicalCitation[]; summarised?: string[]; searched?: string }> = [
  {
    name: 'Anthropic web search',
    format: 'anthropic-messages',
    folder: 'anthropic',
    file: 'anthropic-web-search-citations.json',
    citations: [{ url: wiki, title: 'Eiffel Tower - Wikipedia', citedText: 'The tower is 330 metres (1,083 ft) tall, about the same height as an 81-storey building.' }],
    summarised: [wiki],
    searched: 'Eiffel Tower height',
  },
  {
    name: 'OpenAI chat url_citation',
    format: 'openai-chat',
    folder: 'openai',
    file: 'openai-chat-url-citations.json',
    citations: [{ url: wiki, title: 'Eiffel Tower - Wikipedia', citedText: `[wikipedia.org](${wiki})`, start: 37, end: 96 }],
  },
  {
    name: 'OpenAI Responses url_citation',
    format: 'openai-responses',
    folder: 'openai',
    file: 'openai-responses-web-search.json',
    citations: [{ url: wiki, title: 'Eiffel Tower - Wikipedia', citedText: 'The Eiffel Tower is 330 metres tall.', start: 0, end: 36 }],
    searched: 'Eiffel Tower height',
  },
  {
    name: 'Perplexity search_results',
    format: 'openai-chat',
    folder: 'openai-compatible',
    file: 'perplexity-search-results.json',
    citations: [{ url: wiki, title: 'Eiffel Tower - Wikipedia', citedText: 'The tower is 330 metres (1,083 ft) tall.' }],
  },
  {
    name: 'Gemini grounding',
    format: 'gemini',
    folder: 'gemini',
    file: 'gemini-grounding.json',
    citations: [{ url: 'https://vertexaisearch.cloud.google.com/grounding-api-redirect/AbF9wXE', title: 'wikipedia.org', citedText: 'The Eiffel Tower is 330 metres tall.', start: 0, end: 36 }],
  },
];

/** Recorded OpenAI answers are laxer than the specification here (see openai-spec-conformance.test.ts). */
const specExceptions: readonly SpecException[] = [
  { name: 'responses-user-null', schema: 'ModelResponseProperties', property: 'user', relax: 'any', reason: 'the API echoes the deprecated `user` as null' },
  { name: 'responses-usage-null-before-completion', schema: 'Response', property: 'usage', relax: 'any', reason: 'the API sends `usage: null` before the response completes' },
];

function streamedParts(format: string, bytes: Buffer): CanonicalStreamPart[] {
  const decoder = findFormat(format)!.createStreamDecoder();
  return [...decoder.push(bytes), ...decoder.end()];
}

function sseEvents(text: string): unknown[] {
  const events: unknown[] = [];
  const parser = new SseParser({ onEvent: (event) => (event.data === '[DONE]' ? undefined : events.push(JSON.parse(event.data))) });
  parser.push(Buffer.from(text, 'utf8'));
  parser.end();
  return events;
}

function decode(source: (typeof sources)[number]): CanonicalResponse {
  const codec = findFormat(source.format)!;
  return codec.decodeResponse(codec.responseSchema.parse(providerFixtures(source.folder).fixtureJson(source.file)));
}

const citationsOf = (response: CanonicalResponse): CanonicalCitation[] => response.parts.flatMap((part) => (part.type === 'text' ? (part.citations ?? []) : []));

describe('citations through the canonical model', () => {
  for (const source of sources) {
    it(`${source.name}: decoded`, () => {
      expect(citationsOf(decode(source))).toEqual(source.citations);
    });

    it(`${source.name}: encoded as Anthropic citations on the text block`, () => {
      const encoded = findFormat('anthropic-messages')!.encodeResponse(decode(source)) as { content: Array<{ type: string; citations?: Array<Record<string, unknown>> }> };
      const cited = encoded.content.flatMap((block) => block.citations ?? []);
      expect(cited.map((item) => [item.type, item.url])).toEqual(source.citations.map((item) => ['web_search_result_location', item.url]));
      expect(cited[0].title).toBe(source.citations[0].title);
    });

    it(`${source.name}: encoded as OpenAI chat annotations (spec-valid)`, () => {
      const encoded = findFormat('openai-chat')!.encodeResponse(decode(source)) as { choices: Array<{ message: { content: string; annotations?: Array<{ type: string; url_citation: { url: string; start_index: number; end_index: number } }> } }> };
      const message = encoded.choices[0].message;
      expect(message.annotations?.map((item) => item.url_citation.url)).toEqual([...source.citations.map((item) => item.url), ...(source.summarised ?? [])]);
      for (const item of message.annotations ?? []) expect(item.url_citation.end_index).toBeLessThanOrEqual(message.content.length);
      expect(checkOpenAiSpec('CreateChatCompletionResponse', encoded, specExceptions)).toEqual([]);
    });

    it(`${source.name}: encoded as Responses url_citation annotations (spec-valid)`, () => {
      const encoded = findFormat('openai-responses')!.encodeResponse(decode(source)) as { output: Array<{ type: string; content?: Array<{ annotations: Array<{ type: string; url: string }> }> }> };
      const annotations = encoded.output.flatMap((item) => (item.type === 'message' ? (item.content ?? []).flatMap((content) => content.annotations) : []));
      // Responses carries a web search as a `web_search_call` item with its sources, not as a summary.
      expect(annotations.map((item) => [item.type, item.url])).toEqual(source.citations.map((item) => ['url_citation', item.url]));
      const searches = encoded.output.filter((item) => item.type === 'web_search_call') as unknown as Array<{ action: { sources?: Array<{ url: string }> } }>;
      expect(searches.flatMap((item) => (item.action.sources ?? []).map((found) => found.url))).toEqual(source.summarised ?? []);
      expect(checkOpenAiSpec('Response', encoded, specExceptions)).toEqual([]);
    });

    it(`${source.name}: encoded as Gemini groundingMetadata`, () => {
      const encoded = findFormat('gemini')!.encodeResponse(decode(source)) as { candidates: Array<{ groundingMetadata?: { groundingChunks: Array<{ web: { uri: string } }>; groundingSupports: Array<{ groundingChunkIndices: number[] }> } }> };
      const grounding = encoded.candidates[0].groundingMetadata;
      expect(grounding?.groundingChunks.map((chunk) => chunk.web.uri)).toEqual([...new Set(source.citations.map((item) => item.url))]);
      // Gemini carries a web search as grounding: its query, and the pages found as chunks.
      expect(grounding?.groundingSupports).toHaveLength(source.citations.length);
      expect((grounding as { webSearchQueries?: string[] } | undefined)?.webSearchQueries).toEqual(source.searched === undefined ? undefined : [source.searched]);
    });
  }

  it('round-trips through the same format unchanged in meaning', () => {
    for (const source of sources) {
      const codec = findFormat(source.format)!;
      const again = codec.decodeResponse(codec.responseSchema.parse(JSON.parse(JSON.stringify(codec.encodeResponse(decode(source))))));
      expect(citationsOf(again).map((item) => item.url)).toEqual(source.citations.map((item) => item.url));
    }
  });

  describe('a streamed Responses answer with response.output_text.annotation.added events', () => {
    const recorded = providerFixtures('openai').fixture('openai-responses-web-search-stream.sse');
    const eiffel = { url: wiki, title: 'Eiffel Tower - Wikipedia', start: 0, end: 36 };
    const opened = { url: 'https://www.toureiffel.paris/en', title: 'Official website', start: 37, end: 55 };

    it('validates against the specification as recorded', () => {
      for (const event of sseEvents(recorded.toString('utf8'))) expect(checkOpenAiSpec('ResponseStreamEvent', event, specExceptions)).toEqual([]);
    });

    it('decodes to citation parts with offsets into the joined text', () => {
      const parts = streamedParts('openai-responses', recorded);
      expect(parts.filter((part) => part.type === 'citation').map((part) => part.citation)).toEqual([eiffel, opened]);
      const collected = collectStreamParts(parts, { id: 'x', model: 'x', created: 0 }).parts;
      expect(collected.find((part) => part.type === 'text')).toMatchObject({ type: 'text', text: 'The Eiffel Tower is 330 metres tall. It opened in 1889.', citations: [eiffel, opened] });
      // The search itself arrives as a server-tool call and its result, once its item is done.
      const searches = parts.flatMap((part) => (part.type === 'server-tool' ? [part.part] : []));
      expect(searches.map((part) => [part.kind, part.name, part.id, part.input])).toEqual([
        ['call', 'web_search', 'ws_67ccf18f64008190a39b619f4c8455f0', '{"query":"Eiffel Tower height"}'],
        ['result', 'web_search', 'ws_67ccf18f64008190a39b619f4c8455f0', undefined],
      ]);
    });

    for (const target of ['openai-chat', 'openai-responses', 'anthropic-messages', 'gemini'] as const) {
      it(`streams its sources to ${target} clients in their own shape, spans kept`, () => {
        const encoder = findFormat(target)!.createStreamEncoder({ metadata: { id: 'resp_1', model: 'm', created: 1_700_000_000 }, includeUsage: true });
        const text = streamedParts('openai-responses', recorded).map((part) => encoder.encode(part)).join('') + encoder.end();
        const shape = { 'openai-chat': '"annotations":[{"type":"url_citation"', 'openai-responses': '"type":"response.output_text.annotation.added"', 'anthropic-messages': '"type":"citations_delta"', gemini: '"groundingMetadata"' }[target];
        expect(text).toContain(shape);
        const back = collectStreamParts(streamedParts(target, Buffer.from(text, 'utf8')), { id: 'x', model: 'x', created: 0 });
        const cited = back.parts.flatMap((part) => (part.type === 'text' ? (part.citations ?? []) : []));
        expect(cited.map((item) => item.url)).toEqual([wiki, 'https://www.toureiffel.paris/en']);
        // Anthropic cites per block, without offsets; the other formats keep the spans.
        if (target !== 'anthropic-messages') expect(cited.map((item) => [item.start, item.end])).toEqual([[0, 36], [37, 55]]);
        if (target === 'openai-chat' || target === 'openai-responses') {
          const schema = target === 'openai-chat' ? 'CreateChatCompletionStreamResponse' : 'ResponseStreamEvent';
          for (const event of sseEvents(text)) expect(checkOpenAiSpec(schema, event, specExceptions)).toEqual([]);
        }
      });
    }
  });
});
