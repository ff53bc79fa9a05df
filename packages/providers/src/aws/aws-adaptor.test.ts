import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { AdaptorInput } from '../provider-adaptor';
import { awsAdaptor, parseAwsChannelKey, patchBedrockClaudeBody, withAnthropicBetaInBody } from './aws-adaptor';
import { classifyBedrockFailure } from './aws-failures';

const accessKeyId = 'AKIDEXAMPLE';
const secretAccessKey = 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY';
const now = new Date('2025-03-04T05:06:07Z');
const body = '{"messages":[{"role":"user","content":"Hello"}],"max_tokens":256,"anthropic_version":"bedrock-2023-05-31"}';

function input(overrides: Partial<AdaptorInput> = {}, key = `${accessKeyId}|${secretAccessKey}|us-west-2`): AdaptorInput {
  return {
    channel: { type: 33, key, baseUrl: '', organization: '', other: '' },
    path: '/v1/messages',
    body,
    contentType: 'application/json',
    model: 'claude-3-5-sonnet-20241022',
    stream: false,
    now,
    ...overrides,
  };
}

/** The SigV4 signature computed by hand from the documented steps, for a canonical request written out in the test. */
function handSignature(canonical: string, region: string): string {
  const step = (key: string | Buffer, data: string): Buffer => createHmac('sha256', key).update(data).digest();
  const key = step(step(step(step(`AWS4${secretAccessKey}`, '20250304'), region), 'bedrock'), 'aws4_request');
  const stringToSign = `AWS4-HMAC-SHA256\n20250304T050607Z\n20250304/${region}/bedrock/aws4_request\n${createHash('sha256').update(canonical).digest('hex')}`;
  return createHmac('sha256', key).update(stringToSign).digest('hex');
}

describe('awsAdaptor.buildRequest', () => {
  it('signs an InvokeModel call with the mapped cross-region model id', () => {
    const call = awsAdaptor.buildRequest(input());
    expect(call.url).toBe('https://bedrock-runtime.us-west-2.amazonaws.com/model/us.anthropic.claude-3-5-sonnet-20241022-v2%3A0/invoke');
    expect(call.method).toBe('POST');
    expect(call.body).toBe(body);
    const canonical = [
      'POST',
      '/model/us.anthropic.claude-3-5-sonnet-20241022-v2%253A0/invoke',
      '',
      'accept:application/json\ncontent-type:application/json\nhost:bedrock-runtime.us-west-2.amazonaws.com\nx-amz-date:20250304T050607Z\n',
      'accept;content-type;host;x-amz-date',
      createHash('sha256').update(body).digest('hex'),
    ].join('\n');
    expect(call.headers).toEqual({
      accept: 'application/json',
      'content-type': 'application/json',
      'x-amz-date': '20250304T050607Z',
      authorization: `AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20250304/us-west-2/bedrock/aws4_request, SignedHeaders=accept;content-type;host;x-amz-date, Signature=${handSignature(canonical, 'us-west-2')}`,
    });
  });

  it('asks for the event stream on streamed calls', () => {
    const call = awsAdaptor.buildRequest(input({ stream: true, model: 'claude-opus-4-1-20250805' }, `${accessKeyId}|${secretAccessKey}|eu-west-1`));
    expect(call.url).toBe('https://bedrock-runtime.eu-west-1.amazonaws.com/model/anthropic.claude-opus-4-1-20250805-v1%3A0/invoke-with-response-stream');
    expect(call.headers.accept).toBe('application/vnd.amazon.eventstream');
    expect(call.headers['x-amzn-bedrock-accept']).toBe('application/json');
    expect(call.headers.authorization).toMatch(/Credential=AKIDEXAMPLE\/20250304\/eu-west-1\/bedrock\/aws4_request, SignedHeaders=accept;content-type;host;x-amz-date;x-amzn-bedrock-accept, /);
  });

  it('sends a Bedrock API key (ApiKey|Region) as a bearer token without signing', () => {
    const call = awsAdaptor.buildRequest(input({}, 'ABSKQmVkcm9ja0FQSUtleS1leGFtcGxl|us-east-1'));
    expect(call.url).toBe('https://bedrock-runtime.us-east-1.amazonaws.com/model/us.anthropic.claude-3-5-sonnet-20241022-v2%3A0/invoke');
    expect(call.headers).toEqual({ 'content-type': 'application/json', accept: 'application/json', authorization: 'Bearer ABSKQmVkcm9ja0FQSUtleS1leGFtcGxl' });
  });

  it('uses the channel base URL when set (VPC endpoints, proxies) and signs for its host', () => {
    const call = awsAdaptor.buildRequest({ ...input({ model: 'anthropic.claude-3-haiku-20240307-v1:0' }), channel: { ...input().channel, baseUrl: 'https://vpce-0abc.bedrock-runtime.us-west-2.vpce.amazonaws.com/' } });
    expect(call.url).toBe('https://vpce-0abc.bedrock-runtime.us-west-2.vpce.amazonaws.com/model/anthropic.claude-3-haiku-20240307-v1%3A0/invoke');
    const canonical = [
      'POST',
      '/model/anthropic.claude-3-haiku-20240307-v1%253A0/invoke',
      '',
      'accept:application/json\ncontent-type:application/json\nhost:vpce-0abc.bedrock-runtime.us-west-2.vpce.amazonaws.com\nx-amz-date:20250304T050607Z\n',
      'accept;content-type;host;x-amz-date',
      createHash('sha256').update(body).digest('hex'),
    ].join('\n');
    expect(call.headers.authorization).toContain(`Signature=${handSignature(canonical, 'us-west-2')}`);
  });

  it('moves anthropic-beta into the body, forwards and signs Bedrock headers, drops the rest', () => {
    const call = awsAdaptor.buildRequest(
      input({
        headers: {
          'anthropic-version': '2023-06-01',
          'Anthropic-Beta': 'computer-use-2025-01-24, token-efficient-tools-2025-02-19',
          'X-Amzn-Bedrock-GuardrailIdentifier': 'gr-abc123',
          'X-Amzn-Bedrock-GuardrailVersion': '1',
        },
      }),
    );
    expect(JSON.parse(String(call.body))).toEqual({ ...JSON.parse(body), anthropic_beta: ['computer-use-2025-01-24', 'token-efficient-tools-2025-02-19'] });
    expect(call.headers['x-amzn-bedrock-guardrailidentifier']).toBe('gr-abc123');
    expect(call.headers['anthropic-version']).toBeUndefined();
    expect(call.headers['anthropic-beta']).toBeUndefined();
    expect(call.headers.authorization).toContain('SignedHeaders=accept;content-type;host;x-amz-date;x-amzn-bedrock-guardrailidentifier;x-amzn-bedrock-guardrailversion,');
  });

  it('refuses malformed keys without echoing them', () => {
    for (const key of ['only-one-part', `${accessKeyId}|${secretAccessKey}|us-east-1|extra`, `${accessKeyId}||us-east-1`, `${accessKeyId}|${secretAccessKey}|Virginia`]) {
      expect(() => awsAdaptor.buildRequest(input({}, key))).toThrow(/AccessKeyId\|SecretAccessKey\|Region/);
      try {
        awsAdaptor.buildRequest(input({}, key));
      } catch (error) {
        expect(String(error)).not.toContain(secretAccessKey);
        expect(String(error)).not.toContain('only-one-part');
      }
    }
  });
});

describe('parseAwsChannelKey', () => {
  it('reads both key forms, trimming spaces', () => {
    expect(parseAwsChannelKey(` ${accessKeyId} | ${secretAccessKey} | ap-southeast-2 `)).toEqual({ kind: 'sigv4', accessKeyId, secretAccessKey, region: 'ap-southeast-2' });
    expect(parseAwsChannelKey('bedrock-api-key|us-gov-west-1')).toEqual({ kind: 'api-key', apiKey: 'bedrock-api-key', region: 'us-gov-west-1' });
  });
});

describe('chat body and wire', () => {
  it('speaks the Anthropic Messages wire and reframes streams', () => {
    expect(awsAdaptor.chatWire?.('claude-3-5-sonnet-20241022', 'openai-chat')).toBe('anthropic-messages');
    expect(awsAdaptor.streaming?.kind).toBe('reframed');
  });

  it('removes model, stream and metadata and sets the Bedrock anthropic_version', () => {
    const chat: Record<string, unknown> = { model: 'claude-3-5-sonnet-20241022', stream: true, metadata: { user_id: 'u1' }, messages: [], max_tokens: 10, thinking: { type: 'enabled', budget_tokens: 1024 } };
    awsAdaptor.patchChatBody?.(chat, 'claude-3-5-sonnet-20241022', true);
    expect(chat).toEqual({ messages: [], max_tokens: 10, thinking: { type: 'enabled', budget_tokens: 1024 }, anthropic_version: 'bedrock-2023-05-31' });
  });

  it('keeps an anthropic_version the body already names', () => {
    const chat: Record<string, unknown> = { anthropic_version: 'bedrock-2023-05-31-custom', messages: [] };
    patchBedrockClaudeBody(chat);
    expect(chat.anthropic_version).toBe('bedrock-2023-05-31-custom');
  });

  it('merges betas with those already in the body and leaves bodies alone without the header', () => {
    expect(JSON.parse(String(withAnthropicBetaInBody('{"anthropic_beta":["a"],"messages":[]}', { 'anthropic-beta': 'a,b' })))).toEqual({ anthropic_beta: ['a', 'b'], messages: [] });
    expect(withAnthropicBetaInBody(body, { 'x-other': '1' })).toBe(body);
    expect(withAnthropicBetaInBody('not json', { 'anthropic-beta': 'a' })).toBe('not json');
  });
});

describe('classifyBedrockFailure', () => {
  it('switches the channel off for refused credentials', () => {
    expect(classifyBedrockFailure(403, { message: 'The security token included in the request is invalid.' })).toBe('disable');
    expect(classifyBedrockFailure(403, '{"message":"The request signature we calculated does not match the signature you provided. Check your AWS Secret Access Key and signing method."}')).toBe('disable');
    expect(classifyBedrockFailure(403, { __type: 'UnrecognizedClientException', message: 'x' })).toBe('disable');
    expect(classifyBedrockFailure(403, { message: 'The security token included in the request is expired' })).toBe('disable');
    expect(classifyBedrockFailure(400, { __type: 'IncompleteSignatureException', message: 'Authorization header requires Credential' })).toBe('disable');
    expect(classifyBedrockFailure(401, { message: 'anything' })).toBe('disable');
  });

  it('retries throttling, quotas, model errors, clock skew, access to a model and server errors', () => {
    expect(classifyBedrockFailure(429, { message: 'Too many requests, please wait before trying again.' })).toBe('retry');
    expect(classifyBedrockFailure(400, { message: 'ServiceQuotaExceededException: Your request exceeds the service quota for your account.' })).toBe('retry');
    expect(classifyBedrockFailure(424, { message: 'The model returned an error.' })).toBe('retry');
    expect(classifyBedrockFailure(403, { message: 'Signature expired: 20250304T050607Z is now earlier than 20250304T051107Z (20250304T051607Z - 5 min.)' })).toBe('retry');
    expect(classifyBedrockFailure(403, { message: "You don't have access to the model with the specified model ID." })).toBe('retry');
    expect(classifyBedrockFailure(408, { message: 'Model has timed out in processing the request.' })).toBe('retry');
    expect(classifyBedrockFailure(500, { message: 'Internal server error' })).toBe('retry');
    expect(classifyBedrockFailure(503, { message: 'Bedrock is unable to process your request.' })).toBe('retry');
    expect(classifyBedrockFailure(0, null)).toBe('retry');
  });

  it("leaves validation errors to the caller", () => {
    expect(classifyBedrockFailure(400, { message: 'messages.0.content: Field required' })).toBe('client');
    expect(classifyBedrockFailure(400, '{"message":"Malformed input request: #: extraneous key [foo] is not permitted, please reformat your input and try again."}')).toBe('client');
    expect(classifyBedrockFailure(404, { message: 'The provided model identifier is invalid.' })).toBe('client');
  });
});
