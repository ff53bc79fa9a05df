import { describe, expect, it } from 'vitest';
import type { CanonicalRequest } from './canonical-model';
import { decodeAnthropicMessagesRequest } from './anthropic-messages/anthropic-messages-request-decode';
import { anthropicMessagesRequestSchema } from './anthropic-messages/anthropic-messages-schema';
import { encodeOpenAiChatRequest } from './openai-chat/openai-chat-request-codec';
import { encodeOpenAiResponsesRequest } from './openai-responses/openai-responses-request-codec';

/** The shape of the `metadata.user_id` Claude Code sends with every call (186 characters here). */
const claudeCodeUserId = JSON.stringify({
  device_id: 'a3f1c2d4e5b6978877665544332211ffeeddccbbaa99887766554433221100aa',
  account_uuid: '5b1e6a0c-3f2d-4c8e-9a7b-1d2e3f4a5b6c',
  session_id: '9c8b7a6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
});
/** sha256 hex of `claudeCodeUserId`, computed independently. */
const claudeCodeUserHash = '1e0c43f06fe88c97d8271081ce36fcdf64f3327b92382b1c259feb314b1781eb';

function claudeCodeRequest(): CanonicalRequest {
  const body = anthropicMessagesRequestSchema.parse({
    model: 'gpt-4.1',
    max_tokens: 100,
    messages: [{ role: 'user', content: 'hi' }],
    metadata: { user_id: claudeCodeUserId },
  });
  return decodeAnthropicMessagesRequest(body);
}

const encoders = [
  ['openai-chat', encodeOpenAiChatRequest],
  ['openai-responses', encodeOpenAiResponsesRequest],
] as const;

describe.each(encoders)('%s user id', (target, encode) => {
  it('sends a user id longer than 64 characters as its sha256 hex, and says so', () => {
    const request = claudeCodeRequest();
    expect(request.user).toBe(claudeCodeUserId);
    const encoded = encode(request) as { user?: string };
    expect(encoded.user).toBe(claudeCodeUserHash);
    expect(encoded.user).toHaveLength(64);
    expect(request.warnings).toEqual([`user id of 186 characters is longer than ${target} accepts (64) and was sent as its sha256`]);
  });

  it('gives the same caller the same hashed id on every call', () => {
    expect((encode(claudeCodeRequest()) as { user?: string }).user).toBe((encode(claudeCodeRequest()) as { user?: string }).user);
  });

  it('keeps a user id of 64 characters or fewer as it is, without a warning', () => {
    const id = 'u'.repeat(64);
    const request: CanonicalRequest = { model: 'gpt-4.1', messages: [{ role: 'user', parts: [{ type: 'text', text: 'hi' }] }], stream: false, user: id };
    expect((encode(request) as { user?: string }).user).toBe(id);
    expect(request.warnings).toBeUndefined();
  });
});
