import { describe, expect, it } from 'vitest';
import {
  baseUrlEndsWithV1,
  channelToFormValues,
  checkBatchTag,
  checkChannelForm,
  checkTagEdit,
  countBatchKeys,
  formatBalance,
  jsonFieldProblem,
  isTagRow,
  mergeCustomModels,
  newChannelFormValues,
  formBaseUrl,
  parseColumnVisibility,
  parseIdSort,
  parsePriority,
  parseWeight,
  readStatusInfo,
  responseTimeColor,
  rowKeyOf,
  selectedChannelIds,
  type ChannelFormValues,
  type TagEditValues,
} from './channel-rules';
import type { ChannelRecord, ChannelTagRow } from './channel-types';

const channel: ChannelRecord = {
  id: 7,
  type: 1,
  name: 'main',
  openai_organization: 'org-1',
  test_model: 'gpt-4o-mini',
  status: 1,
  weight: 5,
  priority: 10,
  created_time: 1,
  test_time: 0,
  response_time: 0,
  base_url: 'https://up.test',
  other: '',
  balance: 0,
  balance_updated_time: 0,
  models: 'gpt-4o,gpt-4o-mini',
  group: 'default,vip',
  used_quota: 0,
  model_mapping: '{"a":"b"}',
  status_code_mapping: '',
  auto_ban: 0,
  other_info: '',
  tag: 'team',
  setting: '',
  param_override: '',
  max_input_tokens: 0,
};

const tagRow: ChannelTagRow = {
  is_tag: true,
  tag: 'team',
  name: 'team',
  children: [channel],
  channel_count: 1,
  type: 1,
  status: 1,
  models: 'gpt-4o',
  group: 'default',
  used_quota: 0,
  balance: 0,
  response_time: 0,
  test_time: 0,
  priority: -1,
  weight: -1,
};

const filled = (patch: Partial<ChannelFormValues> = {}): ChannelFormValues => ({
  ...newChannelFormValues(),
  name: 'n',
  key: 'sk-1',
  models: ['gpt-4o'],
  ...patch,
});

describe('list helpers', () => {
  it('tells tag rows from channels and keys them apart', () => {
    expect(isTagRow(tagRow)).toBe(true);
    expect(isTagRow(channel)).toBe(false);
    expect(rowKeyOf(tagRow)).toBe('tag:team');
    expect(rowKeyOf(channel)).toBe(7);
  });
  it('keeps only channel ids from a selection', () => {
    expect(selectedChannelIds(['tag:team', 3, 3, 9, 0])).toEqual([3, 9]);
  });
});

describe('priority and weight', () => {
  it('accepts integers within the limits', () => {
    expect(parsePriority('-999')).toEqual({ ok: true, value: -999 });
    expect(parsePriority(' 12 ')).toEqual({ ok: true, value: 12 });
    expect(parseWeight(0)).toEqual({ ok: true, value: 0 });
  });
  it('refuses non-integers with the spec messages', () => {
    expect(parsePriority('1.5')).toMatchObject({ ok: false, problem: { code: 'channel_priority_not_integer' } });
    expect(parsePriority('abc')).toMatchObject({ ok: false, problem: { code: 'channel_priority_not_integer' } });
    expect(parsePriority('')).toMatchObject({ ok: false, problem: { code: 'channel_priority_not_integer' } });
    expect(parsePriority('-1000')).toMatchObject({ ok: false, problem: { code: 'channel_priority_too_low' } });
    expect(parseWeight('-1')).toMatchObject({ ok: false, problem: { code: 'channel_weight_invalid' } });
    expect(parseWeight('2.5')).toMatchObject({ ok: false, problem: { code: 'channel_weight_invalid' } });
  });
});

describe('responseTimeColor', () => {
  it('follows the badge thresholds', () => {
    expect(responseTimeColor(0)).toBe('default');
    expect(responseTimeColor(1000)).toBe('green');
    expect(responseTimeColor(1001)).toBe('lime');
    expect(responseTimeColor(3000)).toBe('lime');
    expect(responseTimeColor(5000)).toBe('yellow');
    expect(responseTimeColor(5001)).toBe('red');
  });
});

describe('small parsers', () => {
  it('checks a JSON text area with its schema field: empty or an object, and a mapping without cycles', () => {
    expect(jsonFieldProblem('setting', '')).toBeNull();
    expect(jsonFieldProblem('model_mapping', '{"a":"b"}')).toBeNull();
    expect(jsonFieldProblem('status_code_mapping', '[1]')?.code).toBe('channel_status_code_mapping_invalid');
    expect(jsonFieldProblem('param_override', '{a:1}')?.code).toBe('channel_param_override_invalid');
    expect(jsonFieldProblem('model_mapping', '{"a":"b","b":"a"}')?.code).toBe('channel_model_mapping_cycle');
    expect(jsonFieldProblem('model_mapping', '{"a":1}')?.code).toBe('channel_model_mapping_invalid');
  });
  it('reads the auto-disable reason and time', () => {
    expect(readStatusInfo('{"status_reason":"401 invalid key","status_time":1700000000}')).toEqual({ reason: '401 invalid key', time: 1700000000 });
    expect(readStatusInfo('')).toEqual({ reason: '', time: 0 });
  });
  it('strips trailing slashes and spots /v1', () => {
    expect(formBaseUrl(' https://a.test/// ')).toBe('https://a.test');
    expect(baseUrlEndsWithV1('https://a.test/v1/')).toBe(true);
    expect(baseUrlEndsWithV1('https://a.test/v1beta')).toBe(false);
  });
  it('counts batch keys per line or JSON item', () => {
    expect(countBatchKeys('a\n\n b \r\nc')).toBe(3);
    expect(countBatchKeys('[{"x":1},{"y":2}]')).toBe(2);
  });
  it('formats balances in dollars or yuan', () => {
    expect(formatBalance(1, 12.345)).toBe('$12.35');
    expect(formatBalance(40, 3)).toBe('¥3.00');
  });
});

describe('mergeCustomModels', () => {
  it('adds new names and reports duplicates', () => {
    expect(mergeCustomModels(['a'], 'b, a, c,b')).toEqual({ models: ['a', 'b', 'c'], added: ['b', 'c'], duplicates: ['a'] });
  });
});

describe('stored preferences', () => {
  it('shows every column by default and keeps name and actions', () => {
    const visibility = parseColumnVisibility('{"balance":false,"name":false,"nonsense":false}');
    expect(visibility.balance).toBe(false);
    expect(visibility.name).toBe(true);
    expect(visibility.id).toBe(true);
    expect(parseColumnVisibility('not json').balance).toBe(true);
  });
  it('reads id-sort', () => {
    expect(parseIdSort('true')).toBe(true);
    expect(parseIdSort(null)).toBe(false);
  });
});

describe('checkChannelForm', () => {
  it('requires name and key on create', () => {
    expect(checkChannelForm(filled({ key: ' ' }), true)).toMatchObject({ ok: false, problem: { code: 'channel_name_and_key_required' } });
    expect(checkChannelForm(filled({ name: '' }), true)).toMatchObject({ ok: false, problem: { code: 'channel_name_and_key_required' } });
  });
  it('requires a model', () => {
    expect(checkChannelForm(filled({ models: [] }), true)).toMatchObject({ ok: false, problem: { code: 'channel_models_required' } });
  });
  it('checks every JSON field', () => {
    expect(checkChannelForm(filled({ model_mapping: '{oops' }), true)).toMatchObject({ ok: false, problem: { code: 'channel_model_mapping_invalid' } });
    expect(checkChannelForm(filled({ status_code_mapping: '[1]' }), true)).toMatchObject({ ok: false, problem: { code: 'channel_status_code_mapping_invalid' } });
    expect(checkChannelForm(filled({ param_override: 'x' }), true)).toMatchObject({ ok: false, problem: { code: 'channel_param_override_invalid' } });
    expect(checkChannelForm(filled({ setting: '1' }), true)).toMatchObject({ ok: false, problem: { code: 'channel_setting_invalid' } });
  });
  it('requires the base URL and other field when the descriptor says so', () => {
    expect(checkChannelForm(filled({ type: 8 }), true)).toMatchObject({ ok: false, problem: { code: 'channel_base_url_required' } });
    expect(checkChannelForm(filled({ type: 39, other: '' }), true)).toMatchObject({ ok: false, problem: { code: 'channel_other_required' } });
  });
  it('defaults Spark to v2.1 and strips the base URL', () => {
    const result = checkChannelForm(filled({ type: 18, base_url: 'https://x.test/' }), true);
    expect(result.ok && result.payload.other).toBe('v2.1');
    expect(result.ok && result.payload.base_url).toBe('https://x.test');
  });
  it('builds the payload with joined lists and a numeric auto_ban', () => {
    const result = checkChannelForm(filled({ group: ['default', 'vip'], models: ['a', 'b', 'a'], auto_ban: false, priority: 3, weight: 2 }), true);
    expect(result).toMatchObject({ ok: true, payload: { models: 'a,b', group: 'default,vip', auto_ban: 0, priority: 3, weight: 2, key: 'sk-1' } });
  });
  it('leaves the key out on edit when it is empty', () => {
    const result = checkChannelForm(channelToFormValues(channel), false);
    expect(result.ok).toBe(true);
    expect(result.ok && 'key' in result.payload).toBe(false);
    expect(result.ok && result.payload.models).toBe('gpt-4o,gpt-4o-mini');
    expect(result.ok && result.payload.auto_ban).toBe(0);
  });
  it('refuses a mapping cycle and a non-text mapping target, as the server does', () => {
    expect(checkChannelForm(filled({ model_mapping: '{"a":"b","b":"c","c":"a"}' }), true)).toMatchObject({ ok: false, problem: { code: 'channel_model_mapping_cycle' } });
    expect(checkChannelForm(filled({ model_mapping: '{"a":["b"]}' }), true)).toMatchObject({ ok: false, problem: { code: 'channel_model_mapping_invalid' } });
  });
  it('names the other field of the type in its problem', () => {
    expect(checkChannelForm(filled({ type: 39, other: '' }), true)).toMatchObject({ ok: false, problem: { params: { label: expect.any(String) } } });
  });
  it('refuses a priority under -999', () => {
    expect(checkChannelForm(filled({ priority: -1000 }), true)).toMatchObject({ ok: false, problem: { code: 'channel_priority_too_low' } });
  });
});

describe('checkTagEdit', () => {
  const unchanged: TagEditValues = { new_tag: 'team', model_mapping: '', group: [], models: ['a', 'b'], priority: '', weight: '' };
  it('says no changes when nothing changed', () => {
    expect(checkTagEdit('team', ['a', 'b'], unchanged)).toMatchObject({ ok: false, problem: { code: 'channel_no_changes' } });
  });
  it('sends only what changed', () => {
    expect(checkTagEdit('team', ['a', 'b'], { ...unchanged, priority: '5', group: ['vip'] })).toEqual({ ok: true, payload: { tag: 'team', priority: 5, groups: 'vip' } });
    expect(checkTagEdit('team', ['a', 'b'], { ...unchanged, models: ['a'] })).toEqual({ ok: true, payload: { tag: 'team', models: 'a' } });
  });
  it('dissolves the tag with an empty name', () => {
    expect(checkTagEdit('team', ['a', 'b'], { ...unchanged, new_tag: ' ' })).toEqual({ ok: true, payload: { tag: 'team', new_tag: '' } });
  });
  it('validates mapping, priority and weight', () => {
    expect(checkTagEdit('team', [], { ...unchanged, model_mapping: '{' })).toMatchObject({ ok: false, problem: { code: 'channel_model_mapping_invalid' } });
    expect(checkTagEdit('team', [], { ...unchanged, priority: '1.2' })).toMatchObject({ ok: false, problem: { code: 'channel_priority_not_integer' } });
    expect(checkTagEdit('team', [], { ...unchanged, weight: '-3' })).toMatchObject({ ok: false, problem: { code: 'channel_weight_invalid' } });
  });
});

describe('checkBatchTag', () => {
  it('refuses an empty tag', () => {
    expect(checkBatchTag('  ')).toMatchObject({ ok: false, problem: { code: 'channel_tag_required' } });
    expect(checkBatchTag(' t ')).toEqual({ ok: true, tag: 't' });
  });
});
