import { describe, expect, it } from 'vitest';
import { ChatStreamParser, readStreamPayload } from './chat-stream-parser';

const chunk = (content: string) => `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content } }] })}\n\n`;

describe('readStreamPayload', () => {
  it('reads deltas, the end marker and errors', () => {
    expect(readStreamPayload(' [DONE]')).toEqual({ type: 'done' });
    expect(readStreamPayload('{"choices":[{"delta":{"content":"Hi"}}]}')).toEqual({ type: 'delta', content: 'Hi' });
    expect(readStreamPayload('{"choices":[{"delta":{"role":"assistant"}}]}')).toBeNull();
    expect(readStreamPayload('{"error":{"message":"quota exhausted"}}')).toEqual({ type: 'error', message: '{"error":{"message":"quota exhausted"}}' });
    expect(readStreamPayload('not json')).toBeNull();
  });
});

describe('ChatStreamParser', () => {
  it('joins frames split mid-line and ignores comments and other fields', () => {
    const parser = new ChatStreamParser();
    const text = `: ping\nevent: message\n${chunk('Hel')}${chunk('lo')}data: [DONE]\n\n`;
    const events = [text.slice(0, 17), text.slice(17, 40), text.slice(40)].flatMap((part) => parser.push(part));
    expect(events).toEqual([{ type: 'delta', content: 'Hel' }, { type: 'delta', content: 'lo' }, { type: 'done' }]);
  });

  it('accepts CRLF line breaks and a last line without a break', () => {
    const parser = new ChatStreamParser();
    const events = parser.push('data: {"choices":[{"delta":{"content":"a"}}]}\r\n\r\ndata: [DONE]');
    expect(events).toEqual([{ type: 'delta', content: 'a' }]);
    expect(parser.flush()).toEqual([{ type: 'done' }]);
    expect(parser.flush()).toEqual([]);
  });
});
