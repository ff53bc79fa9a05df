import { findFormat } from '@turnpike/formats';
import { describe, expect, it } from 'vitest';
import { channelSecrets, hideSecrets, readableUpstreamError, readableUpstreamText } from './upstream-error-text';

const openAiChat = findFormat('openai-chat');
const gemini = findFormat('gemini');

describe('what a caller reads of an upstream refusal', () => {
  it('lists the key, each part of a multi-key or composite key, the secrets of a JSON key and the access token, longest first', () => {
    expect(channelSecrets('sk-first-0123456789\nsk-second-0123456789', 'ya29.token-0123456789')).toEqual([
      'sk-first-0123456789\nsk-second-0123456789',
      'ya29.token-0123456789',
      'sk-second-0123456789',
      'sk-first-0123456789',
    ]);
    // AKIA…|secret|region: the region is too short to be a secret.
    expect(channelSecrets('AKIAREPLAY0123456789|secretsecretsecret0123|us-east-1', undefined)).toEqual(['AKIAREPLAY0123456789|secretsecretsecret0123|us-east-1', 'secretsecretsecret0123', 'AKIAREPLAY0123456789']);
    const account = JSON.stringify({ type: 'service_account', private_key_id: 'abcdef0123456789abcdef', client_email: 'relay@replay.iam.gserviceaccount.com', token_uri: 'https://oauth2.googleapis.com/token' });
    expect(channelSecrets(account, undefined)).toEqual([account, 'relay@replay.iam.gserviceaccount.com', 'abcdef0123456789abcdef']);
    expect(channelSecrets('', undefined)).toEqual([]);
  });

  it("hides the channel's secrets and the addresses of its host and of private networks, and keeps public addresses", () => {
    const channel = { key: 'sk-channel-0123456789', baseUrl: 'https://llm-proxy.corp.example:8443/v1' };
    const secrets = channelSecrets(channel.key, undefined);
    const text = [
      'Incorrect API key provided: sk-channel-0123456789.',
      'See https://platform.openai.com/account/api-keys.',
      'Proxy https://llm-proxy.corp.example:8443/v1/chat/completions failed;',
      'host llm-proxy.corp.example:8443 said so;',
      'Post "http://10.0.3.7:11434/api/chat": dial tcp 10.0.3.7:11434, 192.168.1.20, 172.20.0.3:80 and http://localhost:8080/x;',
      'public 8.8.8.8 stays.',
    ].join(' ');
    expect(readableUpstreamText(text, channel, secrets)).toBe(
      [
        'Incorrect API key provided: ***.',
        'See https://platform.openai.com/account/api-keys.',
        'Proxy *** failed;',
        'host *** said so;',
        'Post "***": dial tcp ***, ***, *** and ***;',
        'public 8.8.8.8 stays.',
      ].join(' '),
    );
    // The admins' text keeps the addresses but never the key.
    expect(hideSecrets(text, secrets)).toContain('http://10.0.3.7:11434/api/chat');
    expect(hideSecrets(text, secrets)).not.toContain('sk-channel-0123456789');
  });

  it("takes the code and param the upstream's own error shape carries, and tells only the status of a body that is no JSON", () => {
    const channel = { key: 'sk-channel-0123456789', baseUrl: '' };
    const secrets = channelSecrets(channel.key, undefined);
    const body = { error: { message: 'Invalid value for content', type: 'invalid_request_error', param: 'messages[0].content', code: 'invalid_value' } };
    expect(readableUpstreamError({ status: 400, message: 'Invalid value for content', body }, openAiChat, channel, secrets)).toEqual({ message: 'Invalid value for content', code: 'invalid_value', param: 'messages[0].content' });
    // Anthropic's shape has neither; Google's `code` is the status, which the OpenAI encoder leaves out.
    expect(readableUpstreamError({ status: 400, message: 'bad', body: { error: { code: 400, message: 'bad', status: 'INVALID_ARGUMENT' } } }, gemini, channel, secrets)).toEqual({ message: 'bad', code: '400', param: null });
    expect(readableUpstreamError({ status: 502, message: '<html>bad gateway at 10.1.2.3</html>', body: '<html>bad gateway at 10.1.2.3</html>' }, openAiChat, channel, secrets)).toEqual({ message: 'upstream answered 502', code: null, param: null });
    expect(readableUpstreamError({ status: 0, message: 'channel credentials failed', body: null }, openAiChat, channel, secrets)).toEqual({ message: 'channel credentials failed', code: null, param: null });
  });
});
