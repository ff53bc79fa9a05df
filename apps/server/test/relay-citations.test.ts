// Recorded answers with sources (kept beside each provider) replayed through every inbound format with the real SDK
// as the client: the text and the cited URL reach the caller in the caller's own shape (whole answers).
import Anthropic from '@anthropic-ai/sdk';
import { GoogleGenAI } from '@google/genai';
import { providerFixtures, sendJson, startMockUpstream, type MockUpstream } from '@turnpike/testing';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addApiKey, addChannel } from './helpers/relay-fixtures';
import { startTestServer, type TestServer } from './helpers/test-server';

type Inbound = 'openai-chat' | 'openai-responses' | 'anthropic' | 'gemini';

const recordings = [
  { model: 'cite-anthropic', type: 14, folder: 'anthropic', file: 'anthropic-web-search-citations.json', url: 'https://en.wikipedia.org/wiki/Eiffel_Tower', text: 'The Eiffel Tower is 330 metres tall.', same: 'anthropic' },
  { model: 'cite-openai-chat', type: 1, folder: 'openai', file: 'openai-chat-url-citations.json', url: 'https://en.wikipedia.org/wiki/Eiffel_Tower', text: 'The Eiffel Tower is 330 metres tall (', same: 'openai-chat' },
  { model: 'cite-openai-responses', type: 1, folder: 'openai', file: 'openai-responses-web-search.json', url: 'https://en.wikipedia.org/wiki/Eiffel_Tower', text: 'The Eiffel Tower is 330 metres tall.', same: 'openai-responses' },
  { model: 'cite-perplexity', type: 1, folder: 'openai-compatible', file: 'perplexity-search-results.json', url: 'https://en.wikipedia.org/wiki/Eiffel_Tower', text: 'The Eiffel Tower is 330 metres tall [1].', same: 'openai-chat' },
  { model: 'cite-gemini', type: 24, folder: 'gemini', file: 'gemini-grounding.json', url: 'https://vertexaisearch.cloud.google.com/grounding-api-redirect/AbF9wXE', text: 'The Eiffel Tower is 330 metres tall.', same: 'gemini' },
] as const;

describe('citations replayed through every inbound format', () => {
  let server: TestServer;
  let upstream: MockUpstream;
  let base: string;
  let key: string;

  beforeAll(async () => {
    upstream = await startMockUpstream();
    server = await startTestServer();
    await server.context.options.set('ModelRatio', Object.fromEntries(recordings.map((recording) => [recording.model, 1])));
    base = await server.listen();
    const user = await server.createUser({ username: 'citations', quota: 10_000_000 });
    for (const recording of recordings) {
      const id = await addChannel(server, { baseUrl: upstream.url, models: recording.model, type: recording.type });
      // An OpenAI channel is reached in the API its recording answers in, whatever the caller speaks.
      const upstreamApi = recording.same === 'openai-responses' ? 'responses' : recording.same === 'openai-chat' ? 'chat-completions' : null;
      if (upstreamApi) await server.context.db.updateTable('channels').set({ setting: JSON.stringify({ upstream_api: upstreamApi }) }).where('id', '=', id).execute();
    }
    await server.context.relay.routing.reload();
    key = (await addApiKey(server, user)).key;
  });
  afterAll(async () => {
    await server.stop();
    await upstream.close();
  });

  /** The answer's text and every URL it cites, read the way each SDK's user reads them. */
  async function ask(inbound: Inbound, model: string): Promise<{ text: string; urls: string[]; raw: unknown }> {
    const question = 'How tall is the Eiffel Tower?';
    if (inbound === 'openai-chat') {
      const answer = await new OpenAI({ apiKey: key, baseURL: `${base}/v1`, maxRetries: 0 }).chat.completions.create({ model, messages: [{ role: 'user', content: question }] });
      const message = answer.choices[0].message;
      return { text: message.content ?? '', urls: (message.annotations ?? []).map((item) => item.url_citation.url), raw: answer };
    }
    if (inbound === 'openai-responses') {
      const answer = await new OpenAI({ apiKey: key, baseURL: `${base}/v1`, maxRetries: 0 }).responses.create({ model, input: question });
      const urls = answer.output.flatMap((item) => (item.type === 'message' ? item.content.flatMap((content) => (content.type === 'output_text' ? content.annotations.flatMap((note) => (note.type === 'url_citation' ? [note.url] : [])) : [])) : []));
      return { text: answer.output_text, urls, raw: answer };
    }
    if (inbound === 'anthropic') {
      const answer = await new Anthropic({ apiKey: key, baseURL: base, maxRetries: 0 }).messages.create({ model, max_tokens: 256, messages: [{ role: 'user', content: question }] });
      const texts = answer.content.flatMap((block) => (block.type === 'text' ? [block] : []));
      const urls = texts.flatMap((block) => (block.citations ?? []).flatMap((item) => (item.type === 'web_search_result_location' ? [item.url] : [])));
      return { text: texts.map((block) => block.text).join(''), urls, raw: answer };
    }
    const answer = await new GoogleGenAI({ apiKey: key, httpOptions: { baseUrl: base } }).models.generateContent({ model, contents: question });
    const urls = (answer.candidates?.[0]?.groundingMetadata?.groundingChunks ?? []).flatMap((chunk) => (chunk.web?.uri ? [chunk.web.uri] : []));
    return { text: answer.text ?? '', urls, raw: answer };
  }

  for (const recording of recordings) {
    for (const inbound of ['openai-chat', 'openai-responses', 'anthropic', 'gemini'] as Inbound[]) {
      it(`${recording.folder}/${recording.file} → ${inbound} client`, async () => {
        upstream.answer((_call, response) => sendJson(response, providerFixtures(recording.folder).fixtureJson(recording.file)));
        const { text, urls, raw } = await ask(inbound, recording.model);
        expect(text).toContain(recording.text);
        if (recording.folder === 'openai-compatible' && inbound === 'openai-chat') {
          // Same format: Perplexity's answer passes through byte for byte, its own `search_results` included.
          expect((raw as { search_results: Array<{ url: string }> }).search_results[0].url).toBe(recording.url);
        } else {
          expect(urls).toContain(recording.url);
        }
      });
    }
  }
});
