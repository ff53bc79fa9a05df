import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './database-unavailable';

const withCode = (code: string, message = 'failed'): Error => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it('knows a refused, dropped or shutting-down connection of each engine, and a locked SQLite file', () => {
    for (const code of ['ECONNREFUSED', 'ECONNRESET', '57P01', '57P03', '08006', 'PROTOCOL_CONNECTION_LOST', 'ER_SERVER_SHUTDOWN', 'SQLITE_BUSY']) {
      expect(isDatabaseUnavailable(withCode(code)), code).toBe(true);
    }
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    // A server that answers nothing: pg's connect and query timeouts, and the connection ended after one.
    for (const message of ['Query read timeout', 'timeout exceeded when trying to connect', 'Client was closed and is not queryable']) {
      expect(isDatabaseUnavailable(new Error(message)), message).toBe(true);
    }
    // pg's pool reports a refused connection to every address of a name as one AggregateError.
    expect(isDatabaseUnavailable(new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')], ''))).toBe(true);
    expect(isDatabaseUnavailable(new Error('query failed', { cause: withCode('ECONNRESET') }))).toBe(true);
  });

  it('leaves every other failure alone', () => {
    for (const error of [withCode('23505', 'duplicate key'), withCode('ER_DUP_ENTRY'), withCode('SQLITE_CONSTRAINT'), new SyntaxError('bad'), 'ECONNREFUSED', null, undefined, 42]) {
      expect(isDatabaseUnavailable(error), String(error)).toBe(false);
    }
    expect(isDatabaseUnavailable(new AggregateError([new Error('a')], ''))).toBe(false);
  });
});
