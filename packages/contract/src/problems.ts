// Problem codes: every rule the shared input schemas check has a string code; `/api` errors carry it beside the message.
import { z } from 'zod';
import type { AuthSessionCode } from './auth-session';
import type { SecurityProofCode } from './passkeys';

/**
 * The spec's English message of each problem, keyed by its code. `{name}` is filled from the problem's
 * params; a message that starts with `{path}: ` names the field, and loses that prefix when there is none.
 */
export const problemMessages = {
  invalid_input: '{path}: {detail}',
  not_integer: '{path}: must be an integer',
  text_invalid: '{label} must be text',
  text_too_long: '{label} is too long (at most {max} characters)',
  // Channels (spec 001 §5 channel form).
  channel_name_and_key_required: 'please fill in channel name and key',
  channel_models_required: 'at least one model is required',
  channel_models_not_list: 'models must be a list',
  channel_groups_not_list: 'groups must be a list',
  channel_model_name_too_long: 'model name is too long (at most {max} characters): {name}',
  channel_group_name_too_long: 'group name is too long (at most {max} characters): {name}',
  channel_group_list_too_long: 'the group list is too long (at most {max} characters)',
  channel_model_mapping_invalid: 'model mapping must be valid JSON',
  channel_model_mapping_cycle: 'model mapping contains a cycle',
  channel_status_code_mapping_invalid: 'status code mapping must be valid JSON',
  channel_setting_invalid: 'channel setting must be valid JSON',
  channel_param_override_invalid: 'param override must be a valid JSON object',
  channel_priority_not_integer: 'priority must be an integer',
  channel_priority_too_low: 'priority must be at least -999',
  channel_weight_invalid: 'weight must be a non-negative integer',
  channel_type_invalid: 'channel type must be an integer',
  channel_type_unsupported: 'unsupported channel type: {type}',
  channel_status_invalid: 'status must be 1 (enabled), 2 (disabled) or 3 (auto-disabled)',
  channel_auto_ban_invalid: 'auto_ban must be 0 or 1',
  channel_max_input_tokens_invalid: 'max_input_tokens must be a non-negative integer',
  channel_base_url_required: 'please fill in the base URL for this channel type',
  channel_other_required: 'please fill in the {label} for this channel type',
  channel_id_required: 'channel id is required',
  channel_id_invalid: 'invalid channel id',
  channel_selection_required: 'please select at least one channel',
  channel_tag_required: 'tag cannot be empty',
  channel_no_changes: 'no changes were made',
  channel_mode_unsupported: 'unsupported add mode: use single or batch',
  // API tokens (spec 001 §5 token form).
  token_name_required: '{path}: please enter a token name',
  token_name_too_long: '{path}: token name is too long (at most 30 characters)',
  token_quota_negative: '{path}: remain_quota must not be negative',
  token_quota_not_integer: '{path}: must be an integer',
  token_expiry_invalid: '{path}: expiry time format error',
  token_allow_ips_invalid: '{path}: allow_ips: each line must be an IP address or a CIDR block',
  token_count_invalid: '{path}: the batch count must be a positive integer',
  token_count_not_integer: '{path}: must be an integer',
  token_count_too_many: '{path}: at most 100 tokens per batch',
  token_id_invalid: '{path}: invalid token id',
  // Redemption codes (spec 001 §5 Redemption).
  redemption_name_length: '{path}: the name must be 1 to 20 characters',
  redemption_quota_invalid: '{path}: quota must be a positive integer',
  redemption_quota_not_integer: '{path}: must be an integer',
  redemption_count_invalid: '{path}: the quantity must be greater than 0',
  redemption_count_not_integer: '{path}: must be an integer',
  redemption_count_too_many: '{path}: at most 100 codes per batch',
  redemption_id_invalid: '{path}: invalid redemption id',
  redemption_key_required: '{path}: please enter the redemption code',
  // Users (spec 000 §4, §7).
  user_id_invalid: '{path}: invalid user id',
  user_quota_not_number: '{path}: quota must be a number',
  user_quota_not_integer: '{path}: quota must be an integer',
  user_action_invalid: '{path}: the action must be one of promote, demote, disable, enable, delete',
  user_credentials_required: 'username and password cannot be empty',
  user_group_invalid: 'the group must be 1 to 64 characters',
  username_empty: 'the username cannot be empty',
  username_too_long: 'the username must be at most {max} characters',
  username_characters: 'the username may contain only letters, digits, _ - and .',
  // Shared by the token and redemption updates.
  id_required: '{path}: id is required',
  status_required: 'status is required',
  status_enable_disable: '{path}: status must be 1 or 2',
} as const;

/** A problem code. */
export type ProblemCode = keyof typeof problemMessages;

/** The problem-code enum. */
export const problemCodeSchema = z.enum(Object.keys(problemMessages) as [ProblemCode, ...ProblemCode[]]);

/** Codes of `/api` errors that no input rule names, by HTTP status (an unknown status reads as its class). */
export const statusErrorCodes = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  413: 'payload_too_large',
  429: 'too_many_requests',
  500: 'internal_error',
} as const;

/** The code an `/api` error carries: a problem code, or a status code. */
export type ApiErrorCode = ProblemCode | (typeof statusErrorCodes)[keyof typeof statusErrorCodes] | AuthSessionCode | SecurityProofCode;

/** The code of an error answer that no rule named. */
export function statusErrorCode(status: number): ApiErrorCode {
  const known = (statusErrorCodes as Record<number, ApiErrorCode>)[status];
  return known ?? (status >= 500 ? 'internal_error' : 'bad_request');
}

/** Values a problem message interpolates. */
export type ProblemParams = Readonly<Record<string, string | number>>;

/** A broken rule: its code and the values its message names. */
export interface Problem {
  code: ProblemCode;
  params: ProblemParams;
}

/** Either the parsed value or the first broken rule. */
export type Checked<T> = { ok: true; value: T } | { ok: false; problem: Problem };

/** True for a known problem code. */
export function isProblemCode(value: unknown): value is ProblemCode {
  return typeof value === 'string' && Object.hasOwn(problemMessages, value);
}

/** True when a problem's message names values beside the field (a name, a limit), so its code alone cannot be worded. */
export function problemNeedsValues(code: ProblemCode): boolean {
  return /\{(?!path\})\w+\}/.test(problemMessages[code]);
}

/** A problem; the helper for rules outside a schema. */
export function problem(code: ProblemCode, params: ProblemParams = {}): Problem {
  return { code, params };
}

/** Reports a problem from inside a zod transform; the issue's message is the code, the params ride along. */
export function addProblem(context: z.RefinementCtx, code: ProblemCode, params: ProblemParams = {}): never {
  context.addIssue({ code: 'custom', message: code, params });
  return z.NEVER as never;
}

/** The problem a zod issue stands for: its message is a code, or (a check no rule names) `invalid_input`. */
export function issueProblem(issue: z.core.$ZodIssue): Problem {
  const path = issue.path.map(String).join('.');
  const extra = issue.code === 'custom' ? ((issue.params ?? {}) as ProblemParams) : {};
  if (isProblemCode(issue.message)) return { code: issue.message, params: { path, ...extra } };
  return { code: 'invalid_input', params: { path, detail: issue.message } };
}

/** The spec's English message of a problem. */
export function problemText({ code, params }: Problem): string {
  let template: string = problemMessages[code];
  if (template.startsWith('{path}: ') && !params.path) template = template.slice('{path}: '.length);
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (params[name] === undefined ? whole : String(params[name])));
}

/** Parses with a shared schema: the value, or the first broken rule as a problem. */
export function checkInput<T extends z.ZodType>(schema: T, input: unknown): Checked<z.infer<T>> {
  const result = schema.safeParse(input ?? {});
  return result.success ? { ok: true, value: result.data } : { ok: false, problem: issueProblem(result.error.issues[0]) };
}
