// Sources survive conversion: recorded answers with citations (Anthropic web search, OpenAI chat url_citation,
// Responses url_citation, Perplexity search_results, Gemini grounding) decode to canonical citations and are encoded
// into every format's own shape; the OpenAI shapes are checked against OpenAI's OpenAPI specification.
import { checkOpenAiSpec, providerFixtures, type SpecException } from '@turnpike/testing';
import { describe, expect, it } from 'vitest';
import type { CanonicalCitation, CanonicalResponse } from './canonical-model';
import { findFormat } from './format-registry';

const wiki = 'https://en.wikipedia.org/wiki/Eiffel_Tower';

/**
 * `summarised`: sources of server-tool results (Anthropic web search) that formats without a carrier get as a text
 * summary at the end of the answer, cited there; Anthropic clients get the server-tool blocks themselves.
 */
const sources: Array<{ name: string; format: string; folder: string; file: string; citations: CanonicalCitation[]; summarised?: string[] }> = [
  {
    name: 'Anthropic web search',
    format: 'anthropic-messages',
    folder: 'anthropic',
    file: 'anthropic-web-search-citations.json',
    citations: [{ url: wiki, title: 'Eiffel Tower - Wikipedia', citedText: 'The tower is 330 metres (1,083 ft) tall, about the same height as an 81-storey building.' }],
    summarised: [wiki],
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
];

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
      expect(annotations.map((item) => [item.type, item.url])).toEqual([...source.citations.map((item) => item.url), ...(source.summarised ?? [])].map((url) => ['url_citation', url]));
      expect(checkOpenAiSpec('Response', encoded, specExceptions)).toEqual([]);
    });

    it(`${source.name}: encoded as Gemini groundingMetadata`, () => {
      const encoded = findFormat('gemini')!.encodeResponse(decode(source)) as { candidates: Array<{ groundingMetadata?: { groundingChunks: Array<{ web: { uri: string } }>; groundingSupports: Array<{ groundingChunkIndices: number[] }> } }> };
      const grounding = encoded.candidates[0].groundingMetadata;
      expect(grounding?.groundingChunks.map((chunk) => chunk.web.uri)).toEqual([...new Set(source.citations.map((item) => item.url))]);
      expect(grounding?.groundingSupports).toHaveLength(source.citations.length + (source.summarised?.length ?? 0));
    });
  }

  it('round-trips through the same format unchanged in meaning', () => {
    for (const source of sources) {
      const codec = findFormat(source.format)!;
      const again = codec.decodeResponse(codec.responseSchema.parse(JSON.parse(JSON.stringify(codec.encodeResponse(decode(source))))));
      expect(citationsOf(again).map((item) => item.url)).toEqual(source.citations.map((item) => item.url));
    }
  });
});
