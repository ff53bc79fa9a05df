import { describe, expect, it } from 'vitest';
import { channelCreateSchema, channelFieldsSchema, channelTagEditSchema } from './channel-schema';
import { newChannelSettings, splitBatchKeys, toColumns, updatedChannelSettings, newChannelDefaults } from './channel-settings';
import { splitNameList } from './input-fields';
import { findMappingCycle } from './model-mapping';

describe('model mapping chains', () => {
  it('finds the first model whose chain loops, and lets chains and self-mappings through', () => {
    expect(findMappingCycle({ a: 'b', b: 'c', c: 'a' })).toBe('a');
    expect(findMappingCycle({ x: 'y', y: 'z', z: 'y' })).toBe('x');
    expect(findMappingCycle({ a: 'b', b: 'c' })).toBeNull();
    expect(findMappingCycle({ a: 'a', b: '' })).toBeNull();
  });

  it('refuses a cycle and non-text targets in the channel schema; accepts an object value as its JSON text', () => {
    expect(channelFieldsSchema.safeParse({ model_mapping: '{"a":"b","b":"a"}' }).error?.issues[0].message).toBe('channel_model_mapping_cycle');
    expect(channelFieldsSchema.safeParse({ model_mapping: { a: 1 } }).error?.issues[0].message).toBe('channel_model_mapping_invalid');
    expect(channelFieldsSchema.parse({ model_mapping: { a: 'b' } }).model_mapping).toBe('{"a":"b"}');
  });
});

describe('channel fields', () => {
  it('reads lists, numbers given as text, booleans and trims the base URL', () => {
    const input = channelFieldsSchema.parse({ models: ' a, b ,a,', group: ['vip', ' vip', 'default'], priority: '-3', weight: '7', auto_ban: false, base_url: 'https://x.test///' });
    expect(input).toMatchObject({ models: ['a', 'b'], group: ['vip', 'default'], priority: -3, weight: 7, auto_ban: 0, base_url: 'https://x.test' });
    expect(toColumns(input)).toEqual({ models: 'a,b', group: 'vip,default', priority: -3, weight: 7, auto_ban: 0, base_url: 'https://x.test' });
  });

  it('fills the spec defaults of a new channel and the type default of `other`', () => {
    const plain = newChannelSettings(channelFieldsSchema.parse({ name: 'c', key: 'k', models: 'm' }));
    expect(plain).toEqual({ ok: true, value: { ...newChannelDefaults, name: 'c', key: 'k', models: 'm' } });
    const spark = newChannelSettings(channelFieldsSchema.parse({ name: 'c', key: 'k', models: 'm', type: 18 }));
    expect(spark.ok && spark.value.other).toBe('v2.1');
  });

  it('keeps the stored key and name when an update leaves them empty', () => {
    const current = { ...newChannelDefaults, name: 'old', key: 'secret', models: 'm' };
    const updated = updatedChannelSettings(current, channelFieldsSchema.parse({ name: '', key: '', weight: 4 }));
    expect(updated).toEqual({ ok: true, value: { ...current, weight: 4 } });
  });

  it('unwraps new-api’s {mode, channel} create body and defaults the mode to single', () => {
    expect(channelCreateSchema.parse({ mode: 'batch', channel: { name: 'c' } })).toEqual({ mode: 'batch', channel: { name: 'c' } });
    expect(channelCreateSchema.parse({ name: 'c', mode: '' })).toEqual({ mode: 'single', channel: { name: 'c' } });
  });

  it('reads blank tag-edit fields as no change and null new_tag as keep', () => {
    expect(channelTagEditSchema.parse({ tag: 't', new_tag: null, priority: '', weight: null, models: '' })).toEqual({ tag: 't' });
    expect(channelTagEditSchema.parse({ tag: 't', new_tag: '' })).toEqual({ tag: 't', new_tag: '' });
  });

  it('splits batch keys per line or per JSON array item', () => {
    expect(splitBatchKeys(' a \n\nb\r\nc ')).toEqual(['a', 'b', 'c']);
    expect(splitBatchKeys('[{"k":1}, "x", ""]')).toEqual(['{"k":1}', 'x']);
    expect(splitNameList('a, b,,a')).toEqual(['a', 'b']);
  });
});
