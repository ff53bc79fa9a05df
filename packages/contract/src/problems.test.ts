import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { channelBatchTagSchema, channelCreateSchema, channelFieldsSchema, channelIdListSchema, channelIdParamsSchema, channelUpdateIdSchema } from './channel-schema';
import { newChannelSettings, newChannelDefaults, updatedChannelSettings, groupListProblem } from './channel-settings';
import { checkInput, problemCodeSchema, problemMessages, problemText, statusErrorCode, type Problem, type ProblemCode } from './problems';
import { redeemSchema, redemptionCreateSchema, redemptionIdParamsSchema, redemptionUpdateSchema } from './redemption-schema';
import { tokenCreateSchema, tokenIdParamsSchema, tokenUpdateSchema } from './token-schema';
import { userCreateSchema, userIdParamsSchema, userManageSchema, userUpdateSchema } from './user-schema';
import { checkUsernameRule } from './username-rule';

const validChannel = { name: 'c', key: 'k', models: 'gpt-4o' };

/** One input per problem a schema reports, with the exact spec message the server answers. */
const schemaCases: Array<[ProblemCode, z.ZodType, unknown, string]> = [
  ['invalid_input', redemptionCreateSchema, { name: 'n', expired_time: -1 }, 'expired_time: Too small: expected number to be >=0'],
  ['not_integer', tokenUpdateSchema, { id: 1, expired_time: 1.5 }, 'expired_time: must be an integer'],
  ['token_quota_not_integer', tokenCreateSchema, { name: 'x', remain_quota: 1.5 }, 'remain_quota: must be an integer'],
  ['token_count_not_integer', tokenCreateSchema, { name: 'x', count: 2.5 }, 'count: must be an integer'],
  ['redemption_quota_not_integer', redemptionCreateSchema, { name: 'n', quota: 2.5 }, 'quota: must be an integer'],
  ['redemption_count_not_integer', redemptionCreateSchema, { name: 'n', count: 2.5 }, 'count: must be an integer'],
  ['text_invalid', channelFieldsSchema, { name: {} }, 'name must be text'],
  ['text_too_long', channelFieldsSchema, { name: 'x'.repeat(256) }, 'name is too long (at most 255 characters)'],
  ['channel_models_not_list', channelFieldsSchema, { models: 42 }, 'models must be a list'],
  ['channel_groups_not_list', channelFieldsSchema, { group: [1] }, 'groups must be a list'],
  ['channel_model_name_too_long', channelFieldsSchema, { models: ['m'.repeat(256)] }, `model name is too long (at most 255 characters): ${'m'.repeat(256)}`],
  ['channel_group_name_too_long', channelFieldsSchema, { group: 'g'.repeat(65) }, `group name is too long (at most 64 characters): ${'g'.repeat(65)}`],
  ['channel_model_mapping_invalid', channelFieldsSchema, { model_mapping: '{"a": 1}' }, 'model mapping must be valid JSON'],
  ['channel_model_mapping_cycle', channelFieldsSchema, { model_mapping: { a: 'b', b: 'a' } }, 'model mapping contains a cycle'],
  ['channel_status_code_mapping_invalid', channelFieldsSchema, { status_code_mapping: '{' }, 'status code mapping must be valid JSON'],
  ['channel_setting_invalid', channelFieldsSchema, { setting: '[]' }, 'channel setting must be valid JSON'],
  ['channel_param_override_invalid', channelFieldsSchema, { param_override: 'no' }, 'param override must be a valid JSON object'],
  ['channel_priority_not_integer', channelFieldsSchema, { priority: 'high' }, 'priority must be an integer'],
  ['channel_priority_too_low', channelFieldsSchema, { priority: -1000 }, 'priority must be at least -999'],
  ['channel_weight_invalid', channelFieldsSchema, { weight: -1 }, 'weight must be a non-negative integer'],
  ['channel_type_invalid', channelFieldsSchema, { type: 'openai' }, 'channel type must be an integer'],
  ['channel_type_unsupported', channelFieldsSchema, { type: 6 }, 'unsupported channel type: 6'],
  ['channel_status_invalid', channelFieldsSchema, { status: 9 }, 'status must be 1 (enabled), 2 (disabled) or 3 (auto-disabled)'],
  ['channel_auto_ban_invalid', channelFieldsSchema, { auto_ban: 5 }, 'auto_ban must be 0 or 1'],
  ['channel_max_input_tokens_invalid', channelFieldsSchema, { max_input_tokens: -1 }, 'max_input_tokens must be a non-negative integer'],
  ['channel_id_required', channelUpdateIdSchema, { id: 'x' }, 'channel id is required'],
  ['channel_id_invalid', channelIdParamsSchema, { id: 'abc' }, 'invalid channel id'],
  ['channel_selection_required', channelIdListSchema, { ids: [] }, 'please select at least one channel'],
  ['channel_mode_unsupported', channelCreateSchema, { ...validChannel, mode: 'multi' }, 'unsupported add mode: use single or batch'],
  ['token_name_required', tokenCreateSchema, { name: ' ' }, 'name: please enter a token name'],
  ['token_name_too_long', tokenCreateSchema, { name: 'x'.repeat(31) }, 'name: token name is too long (at most 30 characters)'],
  ['token_quota_negative', tokenCreateSchema, { name: 'x', remain_quota: -1 }, 'remain_quota: remain_quota must not be negative'],
  ['token_expiry_invalid', tokenCreateSchema, { name: 'x', expired_time: 0 }, 'expired_time: expiry time format error'],
  ['token_allow_ips_invalid', tokenCreateSchema, { name: 'x', allow_ips: '10.0.0.0/33' }, 'allow_ips: allow_ips: each line must be an IP address or a CIDR block'],
  ['token_count_invalid', tokenCreateSchema, { name: 'x', count: 0 }, 'count: the batch count must be a positive integer'],
  ['token_count_too_many', tokenCreateSchema, { name: 'x', count: 101 }, 'count: at most 100 tokens per batch'],
  ['token_id_invalid', tokenIdParamsSchema, { id: '0' }, 'id: invalid token id'],
  ['id_required', tokenUpdateSchema, { id: 0 }, 'id: id is required'],
  ['status_enable_disable', tokenUpdateSchema, { id: 1, status: 3 }, 'status: status must be 1 or 2'],
  ['redemption_name_length', redemptionCreateSchema, { name: 'x'.repeat(21) }, 'name: the name must be 1 to 20 characters'],
  ['redemption_quota_invalid', redemptionUpdateSchema, { id: 1, quota: 0 }, 'quota: quota must be a positive integer'],
  ['redemption_count_invalid', redemptionCreateSchema, { name: 'n', count: 0 }, 'count: the quantity must be greater than 0'],
  ['redemption_count_too_many', redemptionCreateSchema, { name: 'n', count: 101 }, 'count: at most 100 codes per batch'],
  ['redemption_id_invalid', redemptionIdParamsSchema, { id: 'x' }, 'id: invalid redemption id'],
  ['redemption_key_required', redeemSchema, { key: '' }, 'key: please enter the redemption code'],
  ['user_id_invalid', userManageSchema, { id: -1, action: 'promote' }, 'id: invalid user id'],
  ['user_id_invalid', userIdParamsSchema, { id: 'abc' }, 'id: invalid user id'],
  ['user_quota_not_number', userUpdateSchema, { id: 1, quota: '5' }, 'quota: quota must be a number'],
  ['user_quota_not_integer', userUpdateSchema, { id: 1, quota: 1.5 }, 'quota: quota must be an integer'],
  ['user_action_invalid', userManageSchema, { id: 1, action: 'ban' }, 'action: the action must be one of promote, demote, disable, enable, delete'],
  ['user_credentials_required', userCreateSchema, { username: ' ', password: 'secret-pass' }, 'username and password cannot be empty'],
  ['user_group_invalid', userUpdateSchema, { id: 1, group: 'g'.repeat(65) }, 'the group must be 1 to 64 characters'],
];

/** Problems of the whole-channel rules (after the schema) and of route-level checks that name a code. */
const ruleCases: Array<[ProblemCode, () => Problem | null, string]> = [
  ['channel_name_and_key_required', () => failure(newChannelSettings({ name: 'c', models: ['m'] })), 'please fill in channel name and key'],
  ['channel_models_required', () => failure(updatedChannelSettings({ ...newChannelDefaults }, { models: [] })), 'at least one model is required'],
  ['channel_base_url_required', () => failure(newChannelSettings({ ...parsed(validChannel), type: 8 })), 'please fill in the base URL for this channel type'],
  ['channel_other_required', () => failure(newChannelSettings({ ...parsed(validChannel), type: 41 })), 'please fill in the region for this channel type'],
  ['channel_group_list_too_long', () => groupListProblem(Array.from({ length: 40 }, (_, index) => `group-${index}`).join(',')), 'the group list is too long (at most 255 characters)'],
  ['username_empty', () => failure(checkUsernameRule(' ')), 'the username cannot be empty'],
  ['username_too_long', () => failure(checkUsernameRule('u'.repeat(21))), 'the username must be at most 20 characters'],
  ['username_characters', () => failure(checkUsernameRule('a\u202Eb')), 'the username may contain only letters, digits, _ - and .'],
];

/** Codes the routes raise with `problem()` for checks that need stored state or the query (no schema reaches them). */
const routeOnlyCodes: ProblemCode[] = ['channel_tag_required', 'channel_no_changes', 'status_required'];

function failure(checked: { ok: true } | { ok: false; problem: Problem }): Problem | null {
  return checked.ok ? null : checked.problem;
}

function parsed(input: unknown) {
  return channelFieldsSchema.parse(input);
}

describe('problem codes', () => {
  it.each(schemaCases)('%s: the schema reports it with the spec message', (code, schema, input, message) => {
    const checked = checkInput(schema, input);
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.problem.code).toBe(code);
    expect(problemText(checked.problem)).toBe(message);
  });

  it.each(ruleCases)('%s: the whole-channel rule reports it', (code, run, message) => {
    const problem = run();
    expect(problem?.code).toBe(code);
    expect(problem && problemText(problem)).toBe(message);
  });

  it('every code is reached by a schema, a whole-channel rule or a route', () => {
    const reached = new Set([...schemaCases.map(([code]) => code), ...ruleCases.map(([code]) => code), ...routeOnlyCodes]);
    expect([...reached].sort()).toEqual(Object.keys(problemMessages).sort());
    expect(problemCodeSchema.options.sort()).toEqual(Object.keys(problemMessages).sort());
  });

  it('drops the field prefix when the problem names no field', () => {
    expect(problemText({ code: 'id_required', params: {} })).toBe('id is required');
    expect(problemText({ code: 'id_required', params: { path: 'id' } })).toBe('id: id is required');
  });

  it('names the status code of errors no rule names', () => {
    expect([400, 401, 403, 404, 409, 429, 500, 502, 418].map(statusErrorCode)).toEqual([
      'bad_request',
      'unauthorized',
      'forbidden',
      'not_found',
      'conflict',
      'too_many_requests',
      'internal_error',
      'internal_error',
      'bad_request',
    ]);
  });
});

describe('batch tag schema', () => {
  it('deduplicates ids and keeps the tag trimmed', () => {
    expect(channelBatchTagSchema.parse({ ids: [3, '3', 4], tag: ' pool ' })).toEqual({ ids: [3, 4], tag: 'pool' });
  });
});
