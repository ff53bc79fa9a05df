// Provider registry conformance: the registry (providers.ts) is iterated, and each Provider's own conformance samples
// (beside it in its folder) drive its channel type through the registry exactly as the relay does (adaptor-registry.ts: findProviderAdaptor, chatWireFor, findUpstreamDialect,
// classifyFailureFor, findModelListReader, findBalanceReader). It checks that
//  1. every non-task descriptor has an adaptor, task types (Midjourney 2/5, Suno 36) have none, and the table covers
//     every relayable type (none skipped silently);
//  2. every type builds a chat request (canonical system + user message → wire codec → patchChatBody → buildRequest,
//     streamed and not) with an absolute https URL (wss for WebSocket transports) on the expected host, that is
//     deterministic for a fixed `now`, carries authentication where the provider expects it, never carries the secret
//     half of a signing key (AWS secret, Tencent SecretKey, Xunfei APISecret, Zhipu v3 secret, Baidu keys, the Vertex
//     private key) and has a JSON body;
//  3. token exchanges (Vertex, Baidu) build an https request without leaking secrets (Baidu's client_secret query
//     parameter is its documented design) and read realistic answers into tokens with a future expiry;
//  4. signatures match published known-answer vectors: SigV4 (AWS test suite), TC3 (Tencent's CVM example) and the
//     Xunfei URL (iFlytek's example) through the signer functions, and through the registry's adaptors — exactly for
//     Xunfei; for AWS and Tencent no adaptor-level vector exists (the published ones sign other services), so the
//     adaptors' signatures are recomputed by an independent implementation that first reproduces the published ones;
//  5. 401 → disable (documented exceptions listed), 429 → retry, 500/502/503 → retry, 400 validation → client, plus the
//     provider-documented cases of the table;
//  6. every wire (4 formats + every native dialect) reads the exact usage of its whole-answer fixture and, fed in
//     random-sized chunks, of its stream fixture; wires without usage report none;
//  7. model-list readers build an authenticated GET to an absolute URL; balance readers exist for `balanceSupported`.
import { createHash, createHmac, verify } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { findFormat, formatRegistry, type CanonicalRequest, type CanonicalStreamPart, type FormatId } from '@turnpike/formats';
import { describe, expect, it } from 'vitest';
import { chatWireFor, classifyFailureFor, findBalanceReader, findModelListReader, findProviderAdaptor, findUpstreamDialect } from './adaptor-registry';
import { awsSigningKey, signAwsRequest } from './aws/aws-sigv4';
import type { AdaptorChannel, ProviderAdaptor, UpstreamCall, UpstreamDialect } from './provider-adaptor';
import { findProvider, providerDescriptors } from './provider-registry';
import { signTc3Request } from './tencent/tencent-tc3-signing';
import { signSparkUrl } from './xunfei/xunfei-url-signing';
import { conformanceNow, openAiErrorBodies, type AuthExpectation, type ChannelSample, type ErrorBodies, type TypeConformance } from './__conformance__/conformance-kit';
import { providers } from './providers';
import { vertexAccount } from './vertex/vertex-conformance';
import { sigV4GetVanillaCanonicalRequest, sigV4IamDerivedKeyHex, sigV4Suite, sigV4SuiteCases, tc3Example, xunfeiExample } from './__conformance__/signature-vectors';
import { formatUsageCases, type WireUsageCases } from './__conformance__/usage-fixtures';

// ---------------------------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------------------------

const inboundFormats: readonly FormatId[] = ['openai-chat', 'openai-responses', 'anthropic-messages', 'gemini'];
const credentialHeaders = ['authorization', 'x-api-key', 'api-key', 'x-goog-api-key'] as const;
const relayableTypes = providerDescriptors.filter((descriptor) => !descriptor.task).map((descriptor) => descriptor.type);
/** Task channel types (Midjourney, Midjourney Plus, Suno): relayed by their own handlers, never through an adaptor yet. */
const taskTypes: readonly number[] = [2, 5, 36, 50];

/** Each registered Provider's own samples, by channel type (loaded the one way they are: through the registry). */
const conformanceTable: Readonly<Record<number, TypeConformance>> = Object.fromEntries(
  (await Promise.all(providers.map(async (provider) => [provider.descriptor.type, await provider.conformance?.()] as const))).filter((entry): entry is readonly [number, TypeConformance] => entry[1] !== undefined),
);
const userMarker = 'Conformance question: what is two plus two?';
const systemMarker = 'Answer in one short sentence.';

/** A file under `packages/`. */
const fixtureBytes = (path: string): Buffer => readFileSync(new URL(`../../${path}`, import.meta.url));
const fixtureJson = (path: string): unknown => JSON.parse(fixtureBytes(path).toString('utf8'));

const channelOf = (type: number, sample: ChannelSample): AdaptorChannel => ({ type, ...sample.channel });
const bodyText = (body: UpstreamCall['body']): string => (body === null ? '' : typeof body === 'string' ? body : body.toString('utf8'));
const recordOf = (value: unknown): Record<string, unknown> => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {});

/** The codec of a wire, as the relay resolves it (apps/server/src/relay/chat-wire.ts `dialectOf`). */
function codecOf(wire: string): Pick<UpstreamDialect, 'encodeRequest' | 'decodeResponse' | 'createStreamDecoder' | 'readUsage'> | undefined {
  return findFormat(wire) ?? findUpstreamDialect(wire);
}

/** Whether the upstream is asked to stream (relay-pipeline.ts `upstreamStreams`). */
function upstreamStreams(adaptor: ProviderAdaptor, callerStream: boolean): boolean {
  const kind = adaptor.streaming?.kind ?? 'native';
  if (kind === 'only') return true;
  if (kind === 'none') return false;
  return callerStream;
}

/** The distinct chat wires a type is reached with, over every inbound format. */
function wiresOf(type: number, model: string): string[] {
  return [...new Set(inboundFormats.map((inbound) => chatWireFor(type, model, inbound)).filter((wire): wire is string => wire !== undefined))];
}

/** Builds one chat attempt the way the relay does: canonical request → wire codec → patchChatBody → buildRequest. */
function buildChatCall(type: number, sample: ChannelSample, model: string, wire: string, callerStream: boolean): UpstreamCall {
  const adaptor = findProviderAdaptor(type);
  const codec = codecOf(wire);
  if (!adaptor || !codec) throw new Error(`type ${type} has no adaptor or no codec for ${wire}`);
  const stream = upstreamStreams(adaptor, callerStream);
  const request: CanonicalRequest = {
    model,
    stream,
    maxTokens: 256,
    temperature: 0.2,
    messages: [
      { role: 'system', parts: [{ type: 'text', text: systemMarker }] },
      { role: 'user', parts: [{ type: 'text', text: userMarker }] },
    ],
  };
  const body = recordOf(codec.encodeRequest(request));
  adaptor.patchChatBody?.(body, model, stream);
  return adaptor.buildRequest({
    channel: channelOf(type, sample),
    // The path the relay hands the adaptor: the wire format's upstream path (apps/server/src/relay/upstream-call.ts).
    path: findFormat(wire)?.upstreamPath ?? '/v1/chat/completions',
    body: JSON.stringify(body),
    contentType: 'application/json',
    model,
    stream,
    accessToken: sample.accessToken,
    now: conformanceNow,
  });
}

/** Every spelling a leaked secret could travel in. */
function secretForms(secret: string): string[] {
  return [secret, encodeURIComponent(secret), new URLSearchParams({ s: secret }).toString().slice(2), Buffer.from(secret, 'utf8').toString('base64'), Buffer.from(secret, 'utf8').toString('base64url')];
}

/** The secrets (of `secrets`) found in a call's URL, header values or body. */
function leakedSecrets(call: UpstreamCall, secrets: readonly string[]): string[] {
  const haystack = [call.url, ...Object.keys(call.headers), ...Object.values(call.headers), bodyText(call.body)].join('\n');
  return secrets.filter((secret) => secret !== '' && secretForms(secret).some((form) => haystack.includes(form)));
}

const base64UrlJson = (part: string): unknown => JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
const amzDate = (date: Date): string => date.toISOString().replace(/\.\d{3}Z$/, 'Z').replace(/[-:]/g, '');

/** Asserts the call carries the credentials the table expects, signed for `now`. */
function expectAuthentication(call: UpstreamCall, auth: AuthExpectation, now: Date): void {
  const url = new URL(call.url);
  switch (auth.kind) {
    case 'header':
      expect(credentialHeaders).toContain(auth.name);
      expect(call.headers[auth.name]).toBe(auth.value);
      return;
    case 'sigv4': {
      const scope = `${amzDate(now).slice(0, 8)}/${auth.region}/${auth.service}/aws4_request`;
      expect(call.headers.authorization).toMatch(new RegExp(`^AWS4-HMAC-SHA256 Credential=${auth.accessKeyId}/${scope}, SignedHeaders=[a-z0-9;-]+, Signature=[0-9a-f]{64}$`));
      expect(call.headers['x-amz-date']).toBe(amzDate(now));
      return;
    }
    case 'tc3': {
      const scope = `${now.toISOString().slice(0, 10)}/${auth.service}/tc3_request`;
      expect(call.headers.authorization).toMatch(new RegExp(`^TC3-HMAC-SHA256 Credential=${auth.secretId}/${scope}, SignedHeaders=content-type;host, Signature=[0-9a-f]{64}$`));
      expect(call.headers['x-tc-timestamp']).toBe(String(Math.floor(now.getTime() / 1000)));
      return;
    }
    case 'zhipu-jwt': {
      const token = call.headers.authorization ?? '';
      const [header, payload, signature] = token.split('.');
      expect(base64UrlJson(header ?? '')).toEqual({ alg: 'HS256', sign_type: 'SIGN' });
      expect(base64UrlJson(payload ?? '')).toEqual({ api_key: auth.id, exp: now.getTime() + 3_600_000, timestamp: now.getTime() });
      expect(signature).toBe(createHmac('sha256', auth.secret).update(`${header}.${payload}`).digest('base64url'));
      return;
    }
    case 'query-token':
      expect(url.searchParams.get(auth.param)).toBe(auth.value);
      for (const name of credentialHeaders) expect(call.headers[name]).toBeUndefined();
      return;
    case 'xunfei-signed-url': {
      const date = url.searchParams.get('date') ?? '';
      expect(date).toBe(now.toUTCString());
      expect(url.searchParams.get('host')).toBe(auth.host);
      const signature = createHmac('sha256', auth.apiSecret).update(`host: ${auth.host}\ndate: ${date}\nGET ${url.pathname} HTTP/1.1`).digest('base64');
      expect(Buffer.from(url.searchParams.get('authorization') ?? '', 'base64').toString('utf8')).toBe(
        `api_key="${auth.apiKey}", algorithm="hmac-sha256", headers="host date request-line", signature="${signature}"`,
      );
      return;
    }
  }
}

/** A seeded PRNG (mulberry32), so a failing chunking can be replayed. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

/** Splits bytes into chunks of 1..maxSize bytes (splitting multi-byte characters and frames anywhere). */
function randomChunks(bytes: Buffer, seed: number, maxSize: number): Buffer[] {
  const random = seededRandom(seed);
  const chunks: Buffer[] = [];
  for (let offset = 0; offset < bytes.length; ) {
    const size = 1 + Math.floor(random() * maxSize);
    chunks.push(bytes.subarray(offset, offset + size));
    offset += size;
  }
  return chunks;
}

/** Independent SigV4 (no code shared with aws-sigv4.ts): the HMAC chain over a canonical request written by the caller. */
function handSigV4(canonicalRequest: string, amzDateValue: string, region: string, service: string, secret: string): string {
  const day = amzDateValue.slice(0, 8);
  const step = (key: string | Buffer, data: string): Buffer => createHmac('sha256', key).update(data, 'utf8').digest();
  const key = step(step(step(step(`AWS4${secret}`, day), region), service), 'aws4_request');
  const stringToSign = ['AWS4-HMAC-SHA256', amzDateValue, `${day}/${region}/${service}/aws4_request`, createHash('sha256').update(canonicalRequest, 'utf8').digest('hex')].join('\n');
  return createHmac('sha256', key).update(stringToSign, 'utf8').digest('hex');
}

/** Independent TC3 (no code shared with tencent-tc3-signing.ts), for a POST to `/` signing content-type and host. */
function handTc3(input: { service: string; host: string; contentType: string; payload: string; secretKey: string; timestamp: number }): string {
  const sha = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');
  const day = new Date(input.timestamp * 1000).toISOString().slice(0, 10);
  const canonical = ['POST', '/', '', `content-type:${input.contentType}\nhost:${input.host}\n`, 'content-type;host', sha(input.payload)].join('\n');
  const stringToSign = ['TC3-HMAC-SHA256', String(input.timestamp), `${day}/${input.service}/tc3_request`, sha(canonical)].join('\n');
  const step = (key: string | Buffer, data: string): Buffer => createHmac('sha256', key).update(data, 'utf8').digest();
  const signing = step(step(step(`TC3${input.secretKey}`, day), input.service), 'tc3_request');
  return createHmac('sha256', signing).update(stringToSign, 'utf8').digest('hex');
}

// ---------------------------------------------------------------------------------------------------------------
// 1. Registry coverage
// ---------------------------------------------------------------------------------------------------------------

describe('registry coverage', () => {
  it('gives every non-task descriptor an adaptor', () => {
    const missing = relayableTypes.filter((type) => findProviderAdaptor(type) === undefined).map((type) => `${type} (${findProvider(type)?.label})`);
    expect(missing, `non-task types without an adaptor: ${missing.join(', ')}`).toEqual([]);
  });

  it('gives the task types (Midjourney 2/5, Suno 36) no adaptor, chat wire or readers yet', () => {
    expect(providerDescriptors.filter((descriptor) => descriptor.task).map((descriptor) => descriptor.type)).toEqual([...taskTypes]);
    for (const type of taskTypes) {
      expect(findProviderAdaptor(type), `type ${type}`).toBeUndefined();
      expect(chatWireFor(type, 'mj_imagine', 'openai-chat'), `type ${type}`).toBeUndefined();
      expect(findModelListReader(type), `type ${type}`).toBeUndefined();
      expect(findBalanceReader(type), `type ${type}`).toBeUndefined();
    }
  });

  it('has a conformance entry for every relayable type and for nothing else', () => {
    const tabled = Object.keys(conformanceTable).map(Number);
    const untabled = relayableTypes.filter((type) => !tabled.includes(type));
    const unknown = tabled.filter((type) => !relayableTypes.includes(type));
    expect(untabled, `relayable types whose Provider has no conformance samples: ${untabled.join(', ')}`).toEqual([]);
    expect(unknown, `table entries for types that are not relayable: ${unknown.join(', ')}`).toEqual([]);
    for (const type of tabled) expect(conformanceTable[type]?.samples.length, `type ${type}`).toBeGreaterThan(0);
  });

  it.each(relayableTypes)('type %i reaches a chat wire with a codec from every inbound format', (type) => {
    const descriptor = findProvider(type);
    const adaptor = findProviderAdaptor(type);
    for (const sample of conformanceTable[type]?.samples ?? []) {
      for (const model of sample.models) {
        for (const inbound of inboundFormats) {
          const wire = chatWireFor(type, model, inbound);
          expect(wire, `type ${type} ${model} from ${inbound}`).toBeDefined();
          expect(codecOf(wire ?? ''), `codec of ${wire}`).toBeDefined();
          const isFormat = findFormat(wire ?? '') !== undefined;
          // A native descriptor speaks its adaptor's own dialect; the others speak one of the four formats.
          if (descriptor?.format === 'native') {
            expect(isFormat, `type ${type} is native but goes out as ${wire}`).toBe(false);
            expect(findUpstreamDialect(wire ?? '')).toBe(adaptor?.dialect);
          } else {
            expect(isFormat, `type ${type} (${descriptor?.format}) goes out as ${wire}`).toBe(true);
          }
        }
      }
    }
  });

  it('registers each native dialect once, under a unique id that is not a format id', () => {
    const dialects = relayableTypes.map((type) => findProviderAdaptor(type)?.dialect).filter((dialect): dialect is UpstreamDialect => dialect !== undefined);
    const ids = [...new Set(dialects.map((dialect) => dialect.id))];
    expect(ids.length).toBe(new Set(dialects).size);
    for (const id of ids) {
      expect(findFormat(id), id).toBeUndefined();
      expect(dialects.filter((dialect) => dialect.id === id).every((dialect) => dialect === findUpstreamDialect(id)), id).toBe(true);
    }
  });
});

// ---------------------------------------------------------------------------------------------------------------
// 2. Chat requests: URL, authentication, secrets, body
// ---------------------------------------------------------------------------------------------------------------

interface ChatCase {
  name: string;
  type: number;
  sample: ChannelSample;
  model: string;
  wire: string;
  stream: boolean;
}

const chatCases: ChatCase[] = Object.entries(conformanceTable).flatMap(([typeText, entry]) =>
  entry.samples.flatMap((sample) =>
    sample.models.flatMap((model) =>
      wiresOf(Number(typeText), model).flatMap((wire) =>
        [false, true].map((stream) => ({ name: `type ${typeText} ${sample.label} · ${model} · ${wire} · ${stream ? 'stream' : 'whole'}`, type: Number(typeText), sample, model, wire, stream })),
      ),
    ),
  ),
);

describe('chat request building', () => {
  it('builds at least one streamed and one whole call per relayable type', () => {
    for (const type of relayableTypes) {
      expect(chatCases.filter((chatCase) => chatCase.type === type && chatCase.stream).length, `type ${type}`).toBeGreaterThan(0);
      expect(chatCases.filter((chatCase) => chatCase.type === type && !chatCase.stream).length, `type ${type}`).toBeGreaterThan(0);
    }
  });

  it.each(chatCases.map((chatCase) => [chatCase.name, chatCase] as const))('%s', (_name, { type, sample, model, wire, stream }) => {
    const call = buildChatCall(type, sample, model, wire, stream);
    // Deterministic for a fixed `now`: signatures, dates and tokens are all derived from it.
    expect(buildChatCall(type, sample, model, wire, stream)).toEqual(call);

    const url = new URL(call.url);
    const websocket = call.transport === 'websocket';
    expect(url.protocol).toBe(websocket ? 'wss:' : (sample.scheme ?? 'https:'));
    if (sample.scheme === 'wss:') expect(call.transport).toBe('websocket');
    expect(url.host).toBe(sample.host);
    expect(call.method).toBe(websocket ? 'GET' : 'POST');
    for (const part of sample.urlIncludes ?? []) expect(call.url).toContain(part);

    expectAuthentication(call, sample.auth, conformanceNow);
    expect(leakedSecrets(call, sample.secrets ?? []), 'secret halves of the channel key found in the request').toEqual([]);

    const body: unknown = JSON.parse(bodyText(call.body));
    expect(body !== null && typeof body === 'object').toBe(true);
    expect(bodyText(call.body)).toContain(userMarker);
    for (const [field, value] of Object.entries(sample.bodyFields ?? {})) expect(recordOf(body)[field], field).toEqual(value);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// 3. Credential exchanges
// ---------------------------------------------------------------------------------------------------------------

const exchangeTypes = relayableTypes.filter((type) => findProviderAdaptor(type)?.credentials !== undefined);

describe('credential exchanges', () => {
  it('describes the exchange of exactly the types whose adaptor has one (Vertex 41, Baidu 15)', () => {
    expect(exchangeTypes).toEqual(relayableTypes.filter((type) => conformanceTable[type]?.exchange !== undefined));
    expect([...exchangeTypes].sort((a, b) => a - b)).toEqual([15, 41]);
  });

  it.each(exchangeTypes)('type %i: builds an https token request without leaking secrets', (type) => {
    const entry = conformanceTable[type];
    const exchange = entry?.exchange;
    const sample = entry?.samples[0];
    const credentials = findProviderAdaptor(type)?.credentials;
    if (!exchange || !sample || !credentials) throw new Error(`type ${type}: no exchange`);
    const call = credentials.request(channelOf(type, sample), conformanceNow);
    expect(credentials.request(channelOf(type, sample), conformanceNow)).toEqual(call);
    const url = new URL(call.url);
    expect(url.protocol).toBe('https:');
    expect(`${url.origin}${url.pathname}`).toBe(exchange.endpoint);
    expect(call.method).toBe(exchange.method);
    expect(leakedSecrets(call, exchange.secrets)).toEqual([]);
    const headerText = Object.values(call.headers).join('\n');
    if (exchange.secretQueryParam) {
      // Documented exception: the provider takes this secret only as a URL parameter (see `why` in the table).
      expect(url.searchParams.get(exchange.secretQueryParam.name), exchange.secretQueryParam.why).toBe(exchange.secretQueryParam.value);
      expect(headerText).not.toContain(exchange.secretQueryParam.value);
      expect(bodyText(call.body)).not.toContain(exchange.secretQueryParam.value);
    }
  });

  it('Vertex: posts a JWT-bearer grant whose RS256 assertion the service account signed for `now`', () => {
    const sample = conformanceTable[41]?.samples[0];
    if (!sample) throw new Error('no Vertex sample');
    const call = findProviderAdaptor(41)?.credentials?.request(channelOf(41, sample), conformanceNow);
    const form = new URLSearchParams(bodyText(call?.body ?? null));
    expect(call?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(form.get('grant_type')).toBe('urn:ietf:params:oauth:grant-type:jwt-bearer');
    const [header, claims, signature] = (form.get('assertion') ?? '').split('.');
    expect(base64UrlJson(header ?? '')).toEqual({ alg: 'RS256', typ: 'JWT', kid: '0123456789abcdef0123456789abcdef01234567' });
    const iat = Math.floor(conformanceNow.getTime() / 1000);
    expect(base64UrlJson(claims ?? '')).toEqual({ iss: vertexAccount.clientEmail, scope: 'https://www.googleapis.com/auth/cloud-platform', aud: 'https://oauth2.googleapis.com/token', iat, exp: iat + 3600 });
    expect(verify('sha256', Buffer.from(`${header}.${claims}`), vertexAccount.publicKeyPem, Buffer.from(signature ?? '', 'base64url'))).toBe(true);
  });

  it.each(exchangeTypes)('type %i: reads a realistic answer into a token with a future expiry, and a refusal into none', (type) => {
    const exchange = conformanceTable[type]?.exchange;
    const credentials = findProviderAdaptor(type)?.credentials;
    if (!exchange || !credentials) throw new Error(`type ${type}: no exchange`);
    const answer = fixtureJson(exchange.answerFixture);
    const token = credentials.read(answer, conformanceNow);
    expect(token?.token).toBe(exchange.token);
    const expiresIn = Number(recordOf(answer).expires_in);
    expect(token?.expiresAt).toBe(conformanceNow.getTime() + expiresIn * 1000);
    // Beyond the relay's 5-minute refresh margin (apps/server/src/relay/credential-cache.ts), so the token is reused.
    expect(token?.expiresAt ?? 0).toBeGreaterThan(conformanceNow.getTime() + 5 * 60_000);
    expect(credentials.read(fixtureJson(exchange.errorFixture), conformanceNow)).toBeUndefined();
  });

  it.each(exchangeTypes)('type %i: refuses to build a chat call before the exchange ran, without echoing the key', (type) => {
    const sample = conformanceTable[type]?.samples[0];
    if (!sample) throw new Error(`type ${type}: no sample`);
    const withoutToken: ChannelSample = { ...sample, accessToken: undefined };
    const model = sample.models[0] ?? '';
    const wire = chatWireFor(type, model, 'openai-chat') ?? '';
    let message = '';
    try {
      buildChatCall(type, withoutToken, model, wire, false);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/token/i);
    expect(leakedSecrets({ url: message, method: 'GET', headers: {}, body: null }, sample.secrets ?? [])).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// 4. Known-answer signatures
// ---------------------------------------------------------------------------------------------------------------

describe('known-answer signatures: AWS SigV4', () => {
  // Signer-level: the published suite (vectors copied from aws/aws-sigv4.test.ts into __conformance__).
  it.each(sigV4SuiteCases)('signAwsRequest reproduces suite vector $name', (vector) => {
    const signed = signAwsRequest({ ...sigV4Suite, method: vector.method, url: `https://${sigV4Suite.host}${vector.path}`, headers: vector.headers, body: vector.body });
    expect(signed.headers.authorization).toBe(
      `AWS4-HMAC-SHA256 Credential=${sigV4Suite.accessKeyId}/20150830/us-east-1/service/aws4_request, SignedHeaders=${vector.signedHeaders}, Signature=${vector.signature}`,
    );
  });

  it('derives the published IAM signing key', () => {
    expect(awsSigningKey(sigV4Suite.secretAccessKey, '20150830', 'us-east-1', 'iam').toString('hex')).toBe(sigV4IamDerivedKeyHex);
  });

  it('the independent implementation reproduces the published get-vanilla signature', () => {
    expect(handSigV4(sigV4GetVanillaCanonicalRequest, sigV4Suite.amzDate, 'us-east-1', 'service', sigV4Suite.secretAccessKey)).toBe(sigV4SuiteCases[0]?.signature);
  });

  // Adaptor-level: no published vector signs a Bedrock call, so the registry adaptor's signature at the suite's time
  // and credentials is recomputed by the independent implementation from the request as it will travel.
  it.each([false, true])('the registry adaptor (type 33) signs a Bedrock call at the suite time as the independent implementation does (stream %s)', (stream) => {
    const adaptor = findProviderAdaptor(33);
    const body = '{"messages":[{"role":"user","content":"Hello"}],"max_tokens":256,"anthropic_version":"bedrock-2023-05-31"}';
    const call = adaptor?.buildRequest({
      channel: { type: 33, key: `${sigV4Suite.accessKeyId}|${sigV4Suite.secretAccessKey}|us-east-1`, baseUrl: '', organization: '', other: '' },
      path: '/v1/messages',
      body,
      contentType: 'application/json',
      model: 'claude-3-5-sonnet-20241022',
      stream,
      now: sigV4Suite.now,
    });
    if (!call) throw new Error('no AWS adaptor');
    const url = new URL(call.url);
    const signedHeaders = { ...Object.fromEntries(Object.entries(call.headers).filter(([name]) => name !== 'authorization')), host: url.host };
    const names = Object.keys(signedHeaders).sort();
    const canonical = [
      'POST',
      // Services other than S3 sign the path encoded once more than it travels (`%3A` → `%253A`).
      url.pathname.replace(/%/g, '%25'),
      '',
      names.map((name) => `${name}:${signedHeaders[name as keyof typeof signedHeaders]}\n`).join(''),
      names.join(';'),
      createHash('sha256').update(body).digest('hex'),
    ].join('\n');
    const signature = handSigV4(canonical, sigV4Suite.amzDate, 'us-east-1', 'bedrock', sigV4Suite.secretAccessKey);
    expect(call.headers.authorization).toBe(`AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/bedrock/aws4_request, SignedHeaders=${names.join(';')}, Signature=${signature}`);
  });
});

describe('known-answer signatures: Tencent TC3', () => {
  it("signTc3Request reproduces every published value of Tencent's example", () => {
    const signed = signTc3Request(tc3Example);
    expect(signed.hashedPayload).toBe(tc3Example.hashedPayload);
    expect(signed.hashedCanonicalRequest).toBe(tc3Example.hashedCanonicalRequest);
    expect(signed.signature).toBe(tc3Example.signature);
    expect(signed.authorization).toBe(tc3Example.authorization);
  });

  it('the independent implementation reproduces the published signature', () => {
    expect(handTc3(tc3Example)).toBe(tc3Example.signature);
  });

  // Adaptor-level: Tencent publishes no Hunyuan vector (its signature pages use the CVM example), so the registry
  // adaptor's request at the example's timestamp and keys is checked against the independent implementation.
  it('the registry adaptor (type 23) signs a Hunyuan call at the example time as the independent implementation does', () => {
    const body = JSON.stringify({ Model: 'hunyuan-lite', Messages: [{ Role: 'user', Content: '你好' }], Stream: false });
    const call = findProviderAdaptor(23)?.buildRequest({
      channel: { type: 23, key: `1250000000|${tc3Example.secretId}|${tc3Example.secretKey}`, baseUrl: '', organization: '', other: '' },
      path: '/v1/chat/completions',
      body,
      contentType: 'application/json',
      model: 'hunyuan-lite',
      stream: false,
      now: new Date(tc3Example.timestamp * 1000),
    });
    if (!call) throw new Error('no Tencent adaptor');
    expect(bodyText(call.body)).toBe(body);
    expect(call.headers['x-tc-timestamp']).toBe(String(tc3Example.timestamp));
    const signature = handTc3({ service: 'hunyuan', host: new URL(call.url).host, contentType: call.headers['content-type'] ?? '', payload: body, secretKey: tc3Example.secretKey, timestamp: tc3Example.timestamp });
    expect(call.headers.authorization).toBe(`TC3-HMAC-SHA256 Credential=${tc3Example.secretId}/2019-02-25/hunyuan/tc3_request, SignedHeaders=content-type;host, Signature=${signature}`);
  });
});

describe('known-answer signatures: iFlytek Spark URL', () => {
  it("signSparkUrl reproduces iFlytek's published signature, authorization and URL", () => {
    const signed = signSparkUrl(xunfeiExample);
    expect(signed.signature).toBe(xunfeiExample.signature);
    expect(signed.authorization).toBe(xunfeiExample.authorization);
    expect(signed.url).toBe(xunfeiExample.url);
  });

  it("the registry adaptor (type 18) opens exactly the published URL for the example's key and date", () => {
    const call = findProviderAdaptor(18)?.buildRequest({
      channel: { type: 18, key: `a1b2c3d4|${xunfeiExample.apiSecret}|${xunfeiExample.apiKey}`, baseUrl: '', organization: '', other: '' },
      path: '/v1/chat/completions',
      body: '{"header":{},"parameter":{"chat":{}},"payload":{"message":{"text":[{"role":"user","content":"hi"}]}}}',
      contentType: 'application/json',
      model: 'SparkDesk-v1.1',
      stream: true,
      now: xunfeiExample.date,
    });
    expect(call?.url).toBe(xunfeiExample.url);
    expect(call?.transport).toBe('websocket');
  });
});

// ---------------------------------------------------------------------------------------------------------------
// 5. Failure classification
// ---------------------------------------------------------------------------------------------------------------

interface FailureCase {
  name: string;
  type: number;
  status: number;
  body: unknown;
  expected: 'retry' | 'disable' | 'client';
}

const failureCases: FailureCase[] = relayableTypes.flatMap((type) => {
  const entry = conformanceTable[type];
  const bodies: ErrorBodies = entry?.errorBodies ?? openAiErrorBodies;
  const unauthorized = entry?.unauthorized ?? 'disable';
  const cases: FailureCase[] = [
    { name: `type ${type}: 401 without a body`, type, status: 401, body: null, expected: unauthorized },
    { name: `type ${type}: 401 with the provider's refusal`, type, status: 401, body: bodies.unauthorized, expected: unauthorized },
    { name: `type ${type}: 429 without a body`, type, status: 429, body: null, expected: 'retry' },
    { name: `type ${type}: 429 with the provider's limit error`, type, status: 429, body: bodies.rateLimited, expected: 'retry' },
    ...[500, 502, 503].flatMap((status) => [
      { name: `type ${type}: ${status} without a body`, type, status, body: null, expected: 'retry' as const },
      { name: `type ${type}: ${status} with the provider's server error`, type, status, body: bodies.server, expected: 'retry' as const },
    ]),
    { name: `type ${type}: 400 with the provider's validation error`, type, status: 400, body: bodies.validation, expected: 'client' },
  ];
  for (const documented of entry?.documentedFailures ?? []) {
    cases.push({ name: `type ${type}: ${documented.label} [${documented.source}]`, type, status: documented.status, body: documented.body, expected: documented.expected });
  }
  return cases;
});

describe('failure classification', () => {
  it.each(failureCases.map((failure) => [`${failure.name} → ${failure.expected}`, failure] as const))('%s', (_name, { type, status, body, expected }) => {
    expect(classifyFailureFor(type, status, body)).toBe(expected);
    // The relay passes parsed JSON; text bodies (unparsable answers) must classify the same for status-only rules.
    if (body === null) expect(classifyFailureFor(type, status, '')).toBe(expected);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// 6. Usage from fixtures
// ---------------------------------------------------------------------------------------------------------------

/** Every wire's usage cases: the formats', then each native dialect's from its provider's samples. */
const usageCases: readonly WireUsageCases[] = [
  ...formatUsageCases,
  ...relayableTypes.flatMap((type) => {
    const dialect = findProviderAdaptor(type)?.dialect;
    const cases = conformanceTable[type]?.dialectUsage;
    return dialect && cases ? [{ wire: dialect.id, whole: cases.whole, stream: cases.stream }] : [];
  }),
];
/** Wires whose upstream reports no token usage at all: the relay must count tokens itself. */
const wiresWithoutUsage: readonly string[] = relayableTypes.flatMap((type) => (conformanceTable[type]?.dialectUsage?.reportsNoUsage ? [findProviderAdaptor(type)?.dialect?.id ?? ''] : []));

const allWires = [...formatRegistry.map((format) => format.id as string), ...new Set(relayableTypes.map((type) => findProviderAdaptor(type)?.dialect?.id).filter((id): id is string => id !== undefined))];

/** Feeds the chunks through the wire's stream decoder (after the type's re-framer, if any); returns every part. */
function decodeStream(wire: string, chunks: Buffer[], reframeFor: number | undefined): CanonicalStreamPart[] {
  const codec = codecOf(wire);
  if (!codec) throw new Error(`no codec for ${wire}`);
  const streaming = reframeFor === undefined ? undefined : findProviderAdaptor(reframeFor)?.streaming;
  const reframe = streaming?.kind === 'reframed' ? streaming.createReframer() : (chunk: Buffer) => chunk;
  if (reframeFor !== undefined && streaming?.kind !== 'reframed') throw new Error(`type ${reframeFor} does not re-frame its stream`);
  const decoder = codec.createStreamDecoder();
  const parts: CanonicalStreamPart[] = [];
  for (const chunk of chunks) parts.push(...decoder.push(reframe(chunk)));
  parts.push(...decoder.end());
  return parts;
}

const chunkings: { name: string; split: (bytes: Buffer) => Buffer[] }[] = [
  { name: 'one chunk', split: (bytes) => [bytes] },
  { name: 'single bytes', split: (bytes) => [...bytes].map((byte) => Buffer.from([byte])) },
  ...[11, 29, 97].map((seed) => ({ name: `random chunks (seed ${seed})`, split: (bytes: Buffer) => randomChunks(bytes, seed, 64) })),
];

describe('usage from fixtures', () => {
  it('has usage fixtures for every wire (the 4 formats and every native dialect) and nothing else', () => {
    expect(allWires.length).toBe(4 + 9);
    expect(usageCases.map((cases) => cases.wire).sort()).toEqual([...allWires].sort());
  });

  it('lists the wires without usage explicitly, and every other wire has exact numbers', () => {
    expect([...wiresWithoutUsage].sort()).toEqual(['aiproxy-library-ask', 'palm-generate-message']);
    for (const cases of usageCases) {
      const counted = [...cases.whole, ...cases.stream].some((item) => item.usage !== undefined);
      expect(counted, cases.wire).toBe(!wiresWithoutUsage.includes(cases.wire));
      expect(cases.stream.length, cases.wire).toBeGreaterThan(0);
      expect(cases.stream.every((item) => (item.usage === undefined) === wiresWithoutUsage.includes(cases.wire)), cases.wire).toBe(true);
    }
  });

  const wholeCases = usageCases.flatMap((cases) => cases.whole.map((item) => ({ wire: cases.wire, ...item })));
  it.each(wholeCases.map((item) => [`${item.wire}: whole answer ${item.fixture}`, item] as const))('%s', (_name, { wire, fixture, read, usage }) => {
    const codec = codecOf(wire);
    if (!codec) throw new Error(`no codec for ${wire}`);
    const text = fixtureBytes(fixture).toString('utf8');
    const body: unknown =
      read === 'json'
        ? JSON.parse(text)
        : text
            .split('\n')
            .filter((line) => line.trim() !== '')
            .map((line) => JSON.parse(line) as unknown);
    const decoded = codec.decodeResponse(body);
    expect(codec.readUsage(body)).toEqual(usage);
    // Where the decoded answer carries usage too, it agrees with readUsage.
    if (decoded.usage !== undefined || usage === undefined) expect(decoded.usage).toEqual(usage);
  });

  const streamCases = usageCases.flatMap((cases) => cases.stream.flatMap((item) => chunkings.map((chunking) => ({ wire: cases.wire, chunking: chunking.name, split: chunking.split, ...item }))));
  it.each(streamCases.map((item) => [`${item.wire}: stream ${item.fixture} in ${item.chunking}`, item] as const))('%s', (_name, { wire, fixture, usage, reframeFor, split }) => {
    const parts = decodeStream(wire, split(fixtureBytes(fixture)), reframeFor);
    expect(parts.filter((part) => part.type === 'error')).toEqual([]);
    expect(parts.some((part) => part.type === 'finish')).toBe(true);
    const usageParts = parts.filter((part): part is Extract<CanonicalStreamPart, { type: 'usage' }> => part.type === 'usage');
    if (usage === undefined) expect(usageParts).toEqual([]);
    // The relay keeps the last usage part it sees (apps/server/src/relay/chat-answer.ts).
    else expect(usageParts.at(-1)?.usage).toEqual(usage);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// 7. Model lists and balances
// ---------------------------------------------------------------------------------------------------------------

describe('model lists and balances', () => {
  it.each(relayableTypes)('type %i: has a model-list reader exactly when the table says so', (type) => {
    expect(findModelListReader(type) !== undefined).toBe(conformanceTable[type]?.modelList);
  });

  const listTypes = relayableTypes.filter((type) => findModelListReader(type) !== undefined);
  it.each(listTypes)('type %i: lists models with an authenticated GET to an absolute URL', (type) => {
    const sample = conformanceTable[type]?.samples[0];
    if (!sample) throw new Error(`type ${type}: no sample`);
    const call = findModelListReader(type)?.request(channelOf(type, sample));
    if (!call) throw new Error(`type ${type}: no request`);
    const url = new URL(call.url);
    expect(url.protocol).toBe(sample.scheme ?? 'https:');
    expect(url.host).toBe(sample.host);
    expect(call.method).toBe('GET');
    expect(call.body).toBeNull();
    expect(credentialHeaders.some((name) => (call.headers[name] ?? '').includes(sample.channel.key)), `type ${type}: no credential header carries the key`).toBe(true);
  });

  it.each(providerDescriptors.map((descriptor) => [descriptor.type, descriptor.balanceSupported] as const))('type %i: has a balance reader exactly when balanceSupported is %s', (type, supported) => {
    expect(findBalanceReader(type) !== undefined).toBe(supported);
  });

  const balanceTypes = providerDescriptors.filter((descriptor) => descriptor.balanceSupported).map((descriptor) => descriptor.type);
  it.each(balanceTypes)('type %i: reads the balance with authenticated GETs to absolute https URLs', (type) => {
    const sample = conformanceTable[type]?.samples[0];
    if (!sample) throw new Error(`type ${type}: no sample`);
    const calls = findBalanceReader(type)?.requests(channelOf(type, sample), conformanceNow) ?? [];
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls) {
      const url = new URL(call.url);
      expect(url.protocol).toBe('https:');
      expect(url.host).toBe(sample.host);
      expect(call.method).toBe('GET');
      expect(call.headers.authorization).toBe(`Bearer ${sample.channel.key}`);
    }
  });
});
