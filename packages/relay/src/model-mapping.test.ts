import { describe, expect, it } from 'vitest';
import { mapModelName, parseModelMapping, resolveMappedModel } from './model-mapping';

describe('model mapping', () => {
  it('leaves unmapped models alone', () => {
    expect(mapModelName('gpt-4o', '')).toEqual({ ok: true, upstreamModel: 'gpt-4o', isMapped: false });
    expect(mapModelName('gpt-4o', null)).toEqual({ ok: true, upstreamModel: 'gpt-4o', isMapped: false });
    expect(mapModelName('gpt-4o', '{"other":"x"}')).toEqual({ ok: true, upstreamModel: 'gpt-4o', isMapped: false });
  });

  it('maps one step and follows chains to their end', () => {
    expect(mapModelName('gpt-4', '{"gpt-4":"gpt-4o"}')).toEqual({ ok: true, upstreamModel: 'gpt-4o', isMapped: true });
    expect(resolveMappedModel('a', { a: 'b', b: 'c', c: 'd' })).toEqual({ ok: true, upstreamModel: 'd', isMapped: true });
  });

  it('treats self-mapping as the end of a chain, not a cycle (as new-api does)', () => {
    expect(resolveMappedModel('a', { a: 'a' })).toEqual({ ok: true, upstreamModel: 'a', isMapped: false });
    expect(resolveMappedModel('a', { a: 'b', b: 'b' })).toEqual({ ok: true, upstreamModel: 'b', isMapped: true });
  });

  it('reports cycles as errors', () => {
    expect(resolveMappedModel('a', { a: 'b', b: 'a' })).toEqual({ ok: false, error: 'mapping-cycle', message: 'model_mapping_contains_cycle: a -> b -> a' });
    expect(resolveMappedModel('a', { a: 'b', b: 'c', c: 'b' })).toMatchObject({ ok: false, error: 'mapping-cycle' });
  });

  it('ignores empty targets, non-string values and inherited properties', () => {
    expect(resolveMappedModel('a', { a: '' })).toEqual({ ok: true, upstreamModel: 'a', isMapped: false });
    expect(parseModelMapping('{"a":1,"b":"c"}')).toEqual({ b: 'c' });
    expect(resolveMappedModel('constructor', {})).toEqual({ ok: true, upstreamModel: 'constructor', isMapped: false });
  });

  it('rejects mapping text that is not a JSON object', () => {
    expect(parseModelMapping('not json')).toBeUndefined();
    expect(parseModelMapping('["a"]')).toBeUndefined();
    expect(mapModelName('a', '{bad')).toEqual({ ok: false, error: 'invalid-mapping', message: 'unmarshal_model_mapping_failed' });
  });
});
