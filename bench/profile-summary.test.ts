import { describe, expect, it } from 'vitest';
import { summariseProfile } from './profile-summary';

const frame = (functionName: string, url = '', lineNumber = 0) => ({ functionName, url, lineNumber });

describe('CPU profile summary', () => {
  it('sums self time per function across stacks, leaves idle out of the shares and shortens paths', () => {
    const profile = {
      startTime: 0,
      endTime: 100,
      nodes: [
        { id: 1, callFrame: frame('(root)') },
        { id: 2, callFrame: frame('parseChunk', 'file:///work/main/packages/formats/src/sse.ts', 9) },
        { id: 3, callFrame: frame('parseChunk', 'file:///work/main/packages/formats/src/sse.ts', 9) },
        { id: 4, callFrame: frame('writeLog', 'file:///work/main/node_modules/better-sqlite3/lib/x.js', 1) },
        { id: 5, callFrame: frame('(idle)') },
      ],
      samples: [2, 3, 4, 5, 5, 2],
      timeDeltas: [1000, 1000, 2000, 50000, 50000, 1000],
    };
    expect(summariseProfile(profile)).toEqual([
      { name: 'parseChunk (packages/formats/src/sse.ts:10)', selfMs: 3, share: 0.6 },
      { name: 'writeLog (better-sqlite3/lib/x.js:2)', selfMs: 2, share: 0.4 },
    ]);
  });
});
