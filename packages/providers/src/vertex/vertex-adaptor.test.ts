import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fixturesBeside } from '@turnpike/testing';
import type { AdaptorChannel, AdaptorInput } from '../provider-adaptor';
import { vertexAdaptor, vertexAnthropicVersion } from './vertex-adaptor';
import { isVertexClaudeModel, vertexClaudeModelId } from './vertex-models';
import { vertexHost, vertexRegion, VertexRegionError } from './vertex-region';

const privateKeyPem = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const key = (overrides: Record<string, unknown> = {}): string =>
  JSON.stringify({
    type: 'service_account',
    project_id: 'turnpike-test-417203',
    private_key_id: '6f1c0e8b2a9d4c7e83b5a1f0d2e4c6b8a0f1e2d3',
    private_key: privateKeyPem,
    client_email: 'relay@turnpike-test-417203.iam.gserviceaccount.com',
    token_uri: 'https://oauth2.googleapis.com/token',
    ...overrides,
  });

const channel = (overrides: Partial<AdaptorChannel> = {}): AdaptorChannel => ({ type: 41, key: key(), baseUrl: '', organization: '', other: 'us-central1', ...overrides });
const input = (model: string, stream: boolean, overrides: Partial<AdaptorChannel> = {}, extra: Partial<AdaptorInput> = {}): AdaptorInput => ({
  channel: channel(overrides),
  path: '/v1/chat/completions',
  body: '{"contents":[]}',
  contentType: 'application/json',
  model,
  stream,
  accessToken: 'ya29.test-token',
  ...extra,
});
const urlOf = (model: string, stream: boolean, overrides: Partial<AdaptorChannel> = {}): string => vertexAdaptor.buildRequest(input(model, stream, overrides)).url;

describe('vertexAdaptor.chatWire', () => {
  it('sends Claude models in the Anthropic Messages wire and every other model in the Gemini wire', () => {
    expect(vertexAdaptor.chatWire!('claude-sonnet-4-20250514', 'openai-chat')).toBe('anthropic-messages');
    expect(vertexAdaptor.chatWire!('claude-3-5-sonnet-v2@20241022', 'gemini')).toBe('anthropic-messages');
    expect(vertexAdaptor.chatWire!('gemini-2.5-pro', 'anthropic-messages')).toBe('gemini');
    expect(vertexAdaptor.chatWire!('gemini-2.0-flash-001', 'openai-chat')).toBe('gemini');
  });
});

describe('vertexAdaptor.buildRequest URLs', () => {
  it('Gemini, regional, whole answer', () => {
    expect(urlOf('gemini-2.5-flash', false)).toBe(
      'https://us-central1-aiplatform.googleapis.com/v1/projects/turnpike-test-417203/locations/us-central1/publishers/google/models/gemini-2.5-flash:generateContent',
    );
  });

  it('Gemini, global, streamed', () => {
    expect(urlOf('gemini-2.5-pro', true, { other: 'global' })).toBe(
      'https://aiplatform.googleapis.com/v1/projects/turnpike-test-417203/locations/global/publishers/google/models/gemini-2.5-pro:streamGenerateContent?alt=sse',
    );
  });

  it('Claude, regional, whole answer, with the Vertex model name', () => {
    expect(urlOf('claude-3-5-sonnet-20241022', false, { other: 'us-east5' })).toBe(
      'https://us-east5-aiplatform.googleapis.com/v1/projects/turnpike-test-417203/locations/us-east5/publishers/anthropic/models/claude-3-5-sonnet-v2@20241022:rawPredict',
    );
  });

  it('Claude, global, streamed', () => {
    expect(urlOf('claude-sonnet-4-5-20250929', true, { other: 'global' })).toBe(
      'https://aiplatform.googleapis.com/v1/projects/turnpike-test-417203/locations/global/publishers/anthropic/models/claude-sonnet-4-5@20250929:streamRawPredict',
    );
  });

  it('Claude names that already carry @ pass as they are', () => {
    expect(urlOf('claude-opus-4-1@20250805', true, { other: 'europe-west1' })).toBe(
      'https://europe-west1-aiplatform.googleapis.com/v1/projects/turnpike-test-417203/locations/europe-west1/publishers/anthropic/models/claude-opus-4-1@20250805:streamRawPredict',
    );
  });

  it('an empty region means global', () => {
    expect(urlOf('gemini-2.5-flash', false, { other: '  ' })).toBe(
      'https://aiplatform.googleapis.com/v1/projects/turnpike-test-417203/locations/global/publishers/google/models/gemini-2.5-flash:generateContent',
    );
  });

  it('a JSON region map picks the model entry, then default, then global', () => {
    const other = '{"default": "europe-west4", "claude-sonnet-4-20250514": "us-east5"}';
    expect(urlOf('claude-sonnet-4-20250514', false, { other })).toBe(
      'https://us-east5-aiplatform.googleapis.com/v1/projects/turnpike-test-417203/locations/us-east5/publishers/anthropic/models/claude-sonnet-4@20250514:rawPredict',
    );
    expect(urlOf('gemini-2.5-pro', true, { other })).toBe(
      'https://europe-west4-aiplatform.googleapis.com/v1/projects/turnpike-test-417203/locations/europe-west4/publishers/google/models/gemini-2.5-pro:streamGenerateContent?alt=sse',
    );
    expect(urlOf('gemini-2.5-pro', false, { other: '{"claude-sonnet-4-20250514": "us-east5"}' })).toBe(
      'https://aiplatform.googleapis.com/v1/projects/turnpike-test-417203/locations/global/publishers/google/models/gemini-2.5-pro:generateContent',
    );
    expect(urlOf('claude-opus-4-1-20250805', false, { other: '{"default": "global"}' })).toBe(
      'https://aiplatform.googleapis.com/v1/projects/turnpike-test-417203/locations/global/publishers/anthropic/models/claude-opus-4-1@20250805:rawPredict',
    );
  });

  it('a custom base URL replaces the host and gets the API version once', () => {
    const expected = 'https://vertex-proxy.internal/v1/projects/turnpike-test-417203/locations/us-central1/publishers/google/models/gemini-2.5-flash:generateContent';
    expect(urlOf('gemini-2.5-flash', false, { baseUrl: 'https://vertex-proxy.internal/' })).toBe(expected);
    expect(urlOf('gemini-2.5-flash', false, { baseUrl: 'https://vertex-proxy.internal/v1' })).toBe(expected);
  });

  it('rejects region values that are no location names', () => {
    expect(() => urlOf('gemini-2.5-flash', false, { other: 'evil.example/x' })).toThrow(VertexRegionError);
    expect(() => urlOf('gemini-2.5-flash', false, { other: '{"default": "us-central1"' })).toThrow(/region map is not valid JSON/);
    expect(() => urlOf('gemini-2.5-flash', false, { other: '{"default": "a/b"}' })).toThrow(/not a location name/);
  });
});

describe('vertexAdaptor.buildRequest headers and body', () => {
  it('sends the access token as a bearer token with JSON and the stream accept header', () => {
    const call = vertexAdaptor.buildRequest(input('gemini-2.5-flash', true));
    expect(call.method).toBe('POST');
    expect(call.body).toBe('{"contents":[]}');
    expect(call.headers).toEqual({ authorization: 'Bearer ya29.test-token', 'content-type': 'application/json', accept: 'text/event-stream' });
    expect(call.transport).toBeUndefined();
  });

  it('passes anthropic-beta and configured headers, drops anthropic-version and credential headers', () => {
    const headers = { 'anthropic-beta': 'context-1m-2025-08-07', 'Anthropic-Version': '2023-06-01', 'X-Api-Key': 'sk-caller', Authorization: 'Bearer caller', 'x-custom': '1' };
    const call = vertexAdaptor.buildRequest(input('claude-sonnet-4-20250514', false, {}, { headers }));
    expect(call.headers).toEqual({
      'anthropic-beta': 'context-1m-2025-08-07',
      'x-custom': '1',
      authorization: 'Bearer ya29.test-token',
      'content-type': 'application/json',
      accept: 'application/json',
    });
  });

  it('names the quota project when the key file has one', () => {
    const call = vertexAdaptor.buildRequest(input('gemini-2.5-flash', false, { key: key({ quota_project_id: 'billing-project-88' }) }));
    expect(call.headers['x-goog-user-project']).toBe('billing-project-88');
  });

  it('refuses to build a request without an access token or with a broken key', () => {
    expect(() => vertexAdaptor.buildRequest(input('gemini-2.5-flash', false, {}, { accessToken: undefined }))).toThrow(/no access token/);
    expect(() => vertexAdaptor.buildRequest(input('gemini-2.5-flash', false, { key: 'AIzaSyD-not-a-service-account' }))).toThrow(/not valid JSON/);
  });

  it('runs end to end: token request, token answer, chat request', () => {
    const now = new Date('2025-03-14T09:26:53.000Z');
    const credentials = vertexAdaptor.credentials!;
    expect(credentials.request(channel(), now).url).toBe('https://oauth2.googleapis.com/token');
    const answer = fixturesBeside(import.meta.url).fixtureJson('oauth-token-answer.json');
    const token = credentials.read(answer, now)!;
    const call = vertexAdaptor.buildRequest(input('claude-3-7-sonnet-20250219', true, { other: 'us-east5' }, { accessToken: token.token }));
    expect(call.headers.authorization).toBe('Bearer ya29.c.c0ASRK0GZt3kQ8vY1nTq2mXw7LpB4sHc9dFe6JrUa5VgNo0KiWbMz-TESTONLY_xYq3Rn8Ud2Pf');
    expect(call.url).toBe(
      'https://us-east5-aiplatform.googleapis.com/v1/projects/turnpike-test-417203/locations/us-east5/publishers/anthropic/models/claude-3-7-sonnet@20250219:streamRawPredict',
    );
  });

  it('streams natively', () => {
    expect(vertexAdaptor.streaming).toEqual({ kind: 'native' });
  });
});

describe('vertexAdaptor.patchChatBody', () => {
  const anthropicBody = (): Record<string, unknown> => ({
    model: 'claude-sonnet-4-20250514',
    max_tokens: 1024,
    system: 'Be brief.',
    messages: [{ role: 'user', content: 'Hello' }],
    stream: true,
  });

  it('moves the Claude model to the URL and sets the Vertex anthropic_version, keeping stream for streamRawPredict', () => {
    const body = anthropicBody();
    vertexAdaptor.patchChatBody!(body, 'claude-sonnet-4-20250514', true);
    expect(body).toEqual({ max_tokens: 1024, system: 'Be brief.', messages: [{ role: 'user', content: 'Hello' }], stream: true, anthropic_version: 'vertex-2023-10-16' });
    expect(vertexAnthropicVersion).toBe('vertex-2023-10-16');
  });

  it('drops stream for rawPredict and overrides a caller anthropic_version', () => {
    const body = { ...anthropicBody(), anthropic_version: 'bedrock-2023-05-31' };
    vertexAdaptor.patchChatBody!(body, 'claude-sonnet-4-20250514', false);
    expect(body).toEqual({ max_tokens: 1024, system: 'Be brief.', messages: [{ role: 'user', content: 'Hello' }], anthropic_version: 'vertex-2023-10-16' });
  });

  it('adds stream when a streamed call lacks it', () => {
    const body: Record<string, unknown> = { model: 'claude-3-5-haiku-20241022', max_tokens: 8, messages: [] };
    vertexAdaptor.patchChatBody!(body, 'claude-3-5-haiku-20241022', true);
    expect(body).toEqual({ max_tokens: 8, messages: [], stream: true, anthropic_version: 'vertex-2023-10-16' });
  });

  it('leaves Gemini bodies alone', () => {
    const body = { contents: [{ role: 'user', parts: [{ text: 'Hello' }] }], generationConfig: { maxOutputTokens: 64 } };
    const copy = structuredClone(body);
    vertexAdaptor.patchChatBody!(body, 'gemini-2.5-flash', true);
    expect(body).toEqual(copy);
  });
});

describe('Vertex Claude model names', () => {
  it('maps Anthropic names to the Vertex names Google documents', () => {
    // Model ids listed at https://cloud.google.com/vertex-ai/generative-ai/docs/partner-models/claude/use-claude
    // and https://docs.anthropic.com/en/api/claude-on-vertex-ai.
    const documented: Array<[string, string]> = [
      ['claude-opus-4-1-20250805', 'claude-opus-4-1@20250805'],
      ['claude-opus-4-20250514', 'claude-opus-4@20250514'],
      ['claude-sonnet-4-20250514', 'claude-sonnet-4@20250514'],
      ['claude-sonnet-4-5-20250929', 'claude-sonnet-4-5@20250929'],
      ['claude-haiku-4-5-20251001', 'claude-haiku-4-5@20251001'],
      ['claude-3-7-sonnet-20250219', 'claude-3-7-sonnet@20250219'],
      ['claude-3-5-sonnet-20241022', 'claude-3-5-sonnet-v2@20241022'],
      ['claude-3-5-haiku-20241022', 'claude-3-5-haiku@20241022'],
      ['claude-3-5-sonnet-20240620', 'claude-3-5-sonnet@20240620'],
      ['claude-3-opus-20240229', 'claude-3-opus@20240229'],
      ['claude-3-haiku-20240307', 'claude-3-haiku@20240307'],
    ];
    for (const [plain, vertex] of documented) expect(vertexClaudeModelId(plain)).toBe(vertex);
  });

  it('derives the name of an unlisted dated model and leaves undated names alone', () => {
    expect(vertexClaudeModelId('claude-opus-9-20300101')).toBe('claude-opus-9@20300101');
    expect(vertexClaudeModelId('claude-opus-4-5')).toBe('claude-opus-4-5');
    expect(isVertexClaudeModel('gemini-claude-lookalike')).toBe(false);
  });
});

describe('Vertex regions', () => {
  it('reads plain and mapped regions and chooses the host', () => {
    expect(vertexRegion(' us-east5 ', 'any')).toBe('us-east5');
    expect(vertexRegion('{"default": " asia-northeast1 "}', 'gemini-2.5-pro')).toBe('asia-northeast1');
    expect(vertexRegion('{"gemini-2.5-pro": 5, "default": "us-central1"}', 'gemini-2.5-pro')).toBe('us-central1');
    expect(vertexHost('global')).toBe('aiplatform.googleapis.com');
    expect(vertexHost('us')).toBe('aiplatform.us.rep.googleapis.com');
    expect(vertexHost('eu')).toBe('aiplatform.eu.rep.googleapis.com');
    expect(vertexHost('asia-southeast1')).toBe('asia-southeast1-aiplatform.googleapis.com');
  });
});
