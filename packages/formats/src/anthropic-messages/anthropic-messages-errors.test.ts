import { describe, expect, it } from 'vitest';
import {
  anthropicErrorStatuses,
  anthropicErrorTypeForStatus,
  anthropicStatusForErrorType,
  decodeAnthropicError,
  encodeAnthropicError,
} from './anthropic-messages-errors';
import { anthropicErrorBodySchema } from './anthropic-messages-schema';

describe('anthropic messages errors', () => {
  it('maps the documented statuses to error types and back', () => {
    const documented: Record<number, string> = {
      400: 'invalid_request_error',
      401: 'authentication_error',
      402: 'billing_error',
      403: 'permission_error',
      404: 'not_found_error',
      413: 'request_too_large',
      429: 'rate_limit_error',
      500: 'api_error',
      504: 'timeout_error',
      529: 'overloaded_error',
    };
    for (const [status, type] of Object.entries(documented)) {
      expect(anthropicErrorTypeForStatus(Number(status))).toBe(type);
      expect(anthropicStatusForErrorType(type)).toBe(Number(status));
    }
    expect(Object.keys(anthropicErrorStatuses)).toHaveLength(10);
    expect(anthropicErrorTypeForStatus(422)).toBe('invalid_request_error');
    expect(anthropicErrorTypeForStatus(503)).toBe('api_error');
    expect(anthropicStatusForErrorType('mystery_error')).toBe(500);
  });

  it('encodes every Anthropic error type unchanged and decodes it back', () => {
    for (const type of Object.keys(anthropicErrorStatuses)) {
      const body = encodeAnthropicError({ message: `a ${type}`, type });
      expect(body).toEqual({ type: 'error', error: { type, message: `a ${type}` } });
      expect(anthropicErrorBodySchema.safeParse(body).success).toBe(true);
      expect(decodeAnthropicError(body)).toEqual({ message: `a ${type}`, type });
    }
  });

  it('maps foreign error types and numeric codes to Anthropic types', () => {
    expect(encodeAnthropicError({ message: 'boom', type: 'server_error' }).error.type).toBe('api_error');
    expect(encodeAnthropicError({ message: 'slow down', type: 'requests', code: 'rate_limit_exceeded' }).error.type).toBe('rate_limit_error');
    expect(encodeAnthropicError({ message: 'bad key', type: 'whatever', code: 'invalid_api_key' }).error.type).toBe('authentication_error');
    expect(encodeAnthropicError({ message: 'busy', code: '529' }).error.type).toBe('overloaded_error');
    expect(encodeAnthropicError({ message: 'nothing known' }).error.type).toBe('api_error');
  });

  it('decodes stream error events and bare error objects, and ignores other bodies', () => {
    expect(decodeAnthropicError(JSON.parse('{"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}, "request_id": "req_011CSHoEeqs5C35K2UUqR7Fy"}'))).toEqual({
      message: 'Overloaded',
      type: 'overloaded_error',
    });
    expect(decodeAnthropicError({ error: { type: 'invalid_request_error', message: 'max_tokens: Field required' } })).toEqual({
      message: 'max_tokens: Field required',
      type: 'invalid_request_error',
    });
    expect(decodeAnthropicError({ error: 'plain text' })).toEqual({ message: 'plain text' });
    expect(decodeAnthropicError({ type: 'message', error: { message: 'not an error body' } })).toBeUndefined();
    expect(decodeAnthropicError({ type: 'message', content: [] })).toBeUndefined();
    expect(decodeAnthropicError('Overloaded')).toBeUndefined();
  });

  it('names a relayed server failure by its status where Anthropic documents one (529 overloaded, 504 timeout)', () => {
    expect(encodeAnthropicError({ message: 'Overloaded', type: 'upstream_error', httpStatus: 529 }).error.type).toBe('overloaded_error');
    expect(encodeAnthropicError({ message: 'slow', type: 'server_error', httpStatus: 504 }).error.type).toBe('timeout_error');
    expect(encodeAnthropicError({ message: 'bad gateway', type: 'upstream_error', httpStatus: 502 }).error.type).toBe('api_error');
    // A documented Anthropic type is kept whatever the status.
    expect(encodeAnthropicError({ message: 'no', type: 'invalid_request_error', httpStatus: 529 }).error.type).toBe('invalid_request_error');
  });

  it('names a relayed 4xx refusal by its status where Anthropic documents one (404 not found, 413 too large)', () => {
    expect(encodeAnthropicError({ message: 'The model `grok-9` does not exist', type: 'invalid_request_error', httpStatus: 404 }).error.type).toBe('not_found_error');
    expect(encodeAnthropicError({ message: 'too large', type: 'invalid_request_error', httpStatus: 413 }).error.type).toBe('request_too_large');
    expect(encodeAnthropicError({ message: 'bad', type: 'invalid_request_error', httpStatus: 422 }).error.type).toBe('invalid_request_error');
    expect(encodeAnthropicError({ message: 'no key', type: 'permission_error', httpStatus: 401 }).error.type).toBe('permission_error');
  });
});
