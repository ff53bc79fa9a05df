import { describe, expect, it } from 'vitest';
import { collectStreamParts, streamPartsOf } from './canonical-stream-collect';
import type { CanonicalStreamPart } from './canonical-model';

const usage = { inputTokens: 7, outputTokens: 5, cacheReadTokens: 0, cacheWriteTokens: 0, reasoningTokens: 0 };
const metadata = { id: 'r1', model: 'm', created: 100 };

describe('collectStreamParts / streamPartsOf', () => {
  it('merges deltas into parts, fills tool arguments, keeps usage and finish', () => {
    const parts: CanonicalStreamPart[] = [
      { type: 'reasoning-delta', text: 'th' },
      { type: 'reasoning-delta', text: 'ink', signature: 's1' },
      { type: 'text-delta', text: 'Hel' },
      { type: 'text-delta', text: 'lo' },
      { type: 'tool-call-start', index: 0, id: 'c1', name: 'get' },
      { type: 'tool-call-delta', index: 0, argumentsDelta: '{"a"' },
      { type: 'tool-call-delta', index: 0, argumentsDelta: ':1}' },
      { type: 'tool-call-end', index: 0 },
      { type: 'usage', usage },
      { type: 'finish', reason: 'tool-calls' },
    ];
    const response = collectStreamParts(parts, metadata);
    expect(response).toEqual({
      id: 'r1',
      model: 'm',
      created: 100,
      parts: [
        { type: 'reasoning', text: 'think', signature: 's1' },
        { type: 'text', text: 'Hello' },
        { type: 'tool-call', id: 'c1', name: 'get', arguments: '{"a":1}' },
      ],
      finishReason: 'tool-calls',
      usage,
    });
    expect(collectStreamParts(streamPartsOf(response), metadata)).toEqual(response);
  });

  it('an error part ends the answer with finish reason error', () => {
    expect(collectStreamParts([{ type: 'text-delta', text: 'x' }, { type: 'error', error: { message: 'boom' } }], metadata).finishReason).toBe('error');
  });
});
