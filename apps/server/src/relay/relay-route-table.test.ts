import { describe, expect, it } from 'vitest';
import { openAiEndpoints } from './openai-endpoints';
import { formatOfPath, jsonEndpointFor, relayPrefixes, relayRoutes } from './relay-route-table';

describe('relay route table', () => {
  it('serves every OpenAI endpoint and every format endpoint once', () => {
    const paths = relayRoutes.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const endpoint of openAiEndpoints) expect(paths).toContain(endpoint.path);
    expect(paths).toEqual(expect.arrayContaining(['/v1/messages', '/v1/responses', '/v1beta/models/']));
    expect(relayRoutes.find((route) => route.path === '/v1/chat/completions')?.endpoint).toBe(openAiEndpoints.find((endpoint) => endpoint.path === '/v1/chat/completions'));
  });

  it('derives the relay prefixes', () => {
    expect([...relayPrefixes].sort()).toEqual(['/dashboard', '/mj', '/pg', '/suno', '/v1', '/v1beta']);
  });

  it('finds JSON endpoints by path, with the raw tail of URL-reading ones, and the error format of any relay path', () => {
    expect(jsonEndpointFor('/v1/messages')?.endpoint.format).toBe('anthropic-messages');
    expect(jsonEndpointFor('/v1beta/models/gemini%2Dpro:generateContent')).toMatchObject({ endpoint: { format: 'gemini' }, tail: 'gemini%2Dpro:generateContent' });
    expect(jsonEndpointFor('/v1/audio/transcriptions')).toBeNull();
    expect(jsonEndpointFor('/v1/nothing')).toBeNull();
    expect(formatOfPath('/v1/responses?x=1')).toBe('openai-responses');
    expect(formatOfPath('/v1beta/other')).toBe('gemini');
    expect(formatOfPath('/v1/nothing')).toBe('openai-chat');
  });
});
