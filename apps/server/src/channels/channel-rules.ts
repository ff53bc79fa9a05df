// Input rules for channels (spec 001 §5 channel form): field shapes, JSON columns, model mapping chains, defaults.
import { findProvider, isProviderType } from '@turnpike/providers';
import { z } from 'zod';
import { badRequest } from '../http/api-error';

/** The messages a caller sees when a channel payload breaks a rule. */
export const channelMessages = {
  nameAndKeyRequired: 'please fill in channel name and key',
  modelsRequired: 'at least one model is required',
  modelsNotList: 'models must be a list',
  groupsNotList: 'groups must be a list',
  modelMappingInvalid: 'model mapping must be valid JSON',
  modelMappingCycle: 'model mapping contains a cycle',
  statusCodeMappingInvalid: 'status code mapping must be valid JSON',
  settingInvalid: 'channel setting must be valid JSON',
  paramOverrideInvalid: 'param override must be a valid JSON object',
  priorityNotInteger: 'priority must be an integer',
  priorityTooLow: 'priority must be at least -999',
  weightInvalid: 'weight must be a non-negative integer',
  typeInvalid: 'channel type must be an integer',
  statusInvalid: 'status must be 1 (enabled), 2 (disabled) or 3 (auto-disabled)',
  autoBanInvalid: 'auto_ban must be 0 or 1',
  maxInputTokensInvalid: 'max_input_tokens must be a non-negative integer',
  idRequired: 'channel id is required',
  notFound: 'channel not found, refresh and retry',
  selectionRequired: 'please select at least one channel',
  tagRequired: 'tag cannot be empty',
  noChanges: 'no changes were made',
  copyFailed: 'channel copy failed',
  unsupportedMode: 'unsupported add mode: use single or batch',
} as const;

/** Lowest priority a channel may have. */
export const minimumPriority = -999;
/** Longest model name the abilities index stores. */
const maximumModelLength = 255;
/** Longest group name the abilities index stores. */
const maximumGroupLength = 64;
/** Longest comma-joined group list the channels table stores. */
const maximumGroupListLength = 255;

/** Splits a comma-joined list (or takes a list) into trimmed, distinct, non-empty names in their first order. */
export function splitNameList(value: string | readonly string[] | null | undefined): string[] {
  const items = typeof value === 'string' ? value.split(',') : (value ?? []);
  return [...new Set(items.map((item) => item.trim()).filter(Boolean))];
}

type Refine = z.RefinementCtx;

function fail(context: Refine, message: string): never {
  context.addIssue({ code: 'custom', message });
  return z.NEVER as never;
}

/** Free text up to `maximumLength` characters; null reads as empty, numbers as their digits. */
const textField = (label: string, maximumLength = Number.POSITIVE_INFINITY) =>
  z.unknown().transform((value, context): string => {
    let result: string | undefined;
    if (value === null) result = '';
    else if (typeof value === 'string') result = value.trim();
    else if (typeof value === 'number') result = String(value);
    if (result === undefined) return fail(context, `${label} must be text`);
    if (result.length > maximumLength) return fail(context, `${label} is too long (at most ${maximumLength} characters)`);
    return result;
  });

/** An integer given as a number or numeric text; null reads as "not given". */
function integerField(message: string, minimum: number, minimumMessage = message) {
  return z.unknown().transform((value, context): number | undefined => {
    if (value === null || value === '') return undefined;
    const number = typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value;
    if (typeof number !== 'number' || !Number.isSafeInteger(number)) return fail(context, message);
    if (number < minimum) return fail(context, minimumMessage);
    return number;
  });
}

/** A name list given comma-joined or as an array; stored comma-joined. */
function nameListField(notListMessage: string, maximumLength: number, tooLong: (name: string) => string) {
  return z.unknown().transform((value, context): string[] => {
    if (value === null) return [];
    if (typeof value !== 'string' && !(Array.isArray(value) && value.every((item) => typeof item === 'string'))) return fail(context, notListMessage);
    const names = splitNameList(value);
    const long = names.find((name) => name.length > maximumLength);
    return long === undefined ? names : fail(context, tooLong(long));
  });
}

function parseJsonObject(text: string): Record<string, unknown> | undefined {
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** A JSON-object column: '' (none) or the text of an object; an object value is stored as its JSON text. */
function jsonObjectField(message: string, check?: (object: Record<string, unknown>, context: Refine) => void) {
  return z.unknown().transform((value, context): string => {
    if (value === null) return '';
    const text = typeof value === 'object' && !Array.isArray(value) ? JSON.stringify(value) : typeof value === 'string' ? value.trim() : undefined;
    if (text === undefined) return fail(context, message);
    if (text === '') return '';
    const object = parseJsonObject(text);
    if (!object) return fail(context, message);
    check?.(object, context);
    return text;
  });
}

/**
 * Names the first model whose mapping chain returns to an earlier name, or null. A model mapped to
 * itself ends its chain (new-api treats `{"a": "a"}` as no mapping), so it is not a cycle.
 */
export function findMappingCycle(mapping: Readonly<Record<string, string>>): string | null {
  for (const start of Object.keys(mapping)) {
    const visited = new Set([start]);
    let current = start;
    for (;;) {
      const next = Object.hasOwn(mapping, current) ? mapping[current] : '';
      if (next === '' || next === current) break;
      if (visited.has(next)) return start;
      visited.add(next);
      current = next;
    }
  }
  return null;
}

function checkModelMapping(object: Record<string, unknown>, context: Refine): void {
  if (!Object.values(object).every((target) => typeof target === 'string')) fail(context, channelMessages.modelMappingInvalid);
  else if (findMappingCycle(object as Record<string, string>) !== null) fail(context, channelMessages.modelMappingCycle);
}

/** The model mapping column with its chain rule: valid JSON object of names, no cycle. */
export const modelMappingField = jsonObjectField(channelMessages.modelMappingInvalid, checkModelMapping);

/** A model list (comma-joined or an array) of names up to 255 characters. */
export const modelsField = nameListField(channelMessages.modelsNotList, maximumModelLength, (name) => `model name is too long (at most ${maximumModelLength} characters): ${name}`);

/** Integer priority, at least -999. */
export const priorityField = integerField(channelMessages.priorityNotInteger, minimumPriority, channelMessages.priorityTooLow);
/** Non-negative integer weight. */
export const weightField = integerField(channelMessages.weightInvalid, 0);

const typeField = z.unknown().transform((value, context): number | undefined => {
  if (value === null) return undefined;
  const number = typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isInteger(number)) return fail(context, channelMessages.typeInvalid);
  return isProviderType(number) ? number : fail(context, `unsupported channel type: ${number}`);
});

const statusField = z.unknown().transform((value, context): number | undefined => {
  if (value === null) return undefined;
  const number = typeof value === 'string' ? Number(value) : value;
  return number === 1 || number === 2 || number === 3 ? number : fail(context, channelMessages.statusInvalid);
});

const autoBanField = z.unknown().transform((value, context): number | undefined => {
  if (value === null) return undefined;
  if (value === true || value === 1 || value === '1') return 1;
  if (value === false || value === 0 || value === '0') return 0;
  return fail(context, channelMessages.autoBanInvalid);
});

/** A tag name (at most 255 characters); empty means untagged. */
export const tagField = textField('tag', 255);

/** A group list (comma-joined or an array) of names up to 64 characters. */
export const groupsField = nameListField(channelMessages.groupsNotList, maximumGroupLength, (name) => `group name is too long (at most ${maximumGroupLength} characters): ${name}`);

/** Every field an admin may set on a channel; each is optional so an update changes only what it names. */
export const channelFieldsSchema = z.object({
  type: typeField.optional(),
  name: textField('name', 255).optional(),
  key: textField('key').optional(),
  openai_organization: textField('openai_organization', 255).optional(),
  test_model: textField('test_model', 255).optional(),
  base_url: textField('base_url', 1024)
    .transform((url) => url.replace(/\/+$/, ''))
    .optional(),
  other: textField('other').optional(),
  models: modelsField.optional(),
  group: groupsField.optional(),
  groups: groupsField.optional(),
  model_mapping: modelMappingField.optional(),
  status_code_mapping: jsonObjectField(channelMessages.statusCodeMappingInvalid).optional(),
  setting: jsonObjectField(channelMessages.settingInvalid).optional(),
  param_override: jsonObjectField(channelMessages.paramOverrideInvalid).optional(),
  auto_ban: autoBanField.optional(),
  priority: priorityField.optional(),
  weight: weightField.optional(),
  tag: tagField.optional(),
  status: statusField.optional(),
  max_input_tokens: integerField(channelMessages.maxInputTokensInvalid, 0).optional(),
});

/** A non-empty list of channel ids (`ids`) for batch operations. */
export const channelIdsField = z
  .array(z.coerce.number({ error: channelMessages.selectionRequired }).int(channelMessages.selectionRequired).positive(channelMessages.selectionRequired), channelMessages.selectionRequired)
  .min(1, channelMessages.selectionRequired)
  .transform((ids) => [...new Set(ids)]);

/** The `{ids}` body of batch delete. */
export const idListSchema = z.object({ ids: channelIdsField });

/** A parsed channel payload. */
export type ChannelFieldsInput = z.infer<typeof channelFieldsSchema>;

/** Parses with a schema; the first broken rule becomes a 400 carrying exactly its message. */
export function parseChannelInput<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) throw badRequest(result.error.issues[0].message);
  return result.data;
}

/** The settable columns of a channel, as stored. */
export interface ChannelSettings {
  type: number;
  name: string;
  key: string;
  openai_organization: string;
  test_model: string;
  base_url: string;
  other: string;
  models: string;
  group: string;
  model_mapping: string;
  status_code_mapping: string;
  setting: string;
  param_override: string;
  auto_ban: number;
  priority: number;
  weight: number;
  tag: string;
  status: number;
  max_input_tokens: number;
}

/** The stored form of the fields a payload names (models and groups comma-joined). */
export function toColumns(input: ChannelFieldsInput): Partial<ChannelSettings> {
  const { models, group, groups, priority, weight, status, auto_ban, type, max_input_tokens, ...texts } = input;
  const columns: Partial<ChannelSettings> = { ...texts };
  if (models !== undefined) columns.models = models.join(',');
  const groupList = group ?? groups;
  if (groupList !== undefined) columns.group = groupList.join(',');
  if (priority !== undefined) columns.priority = priority;
  if (weight !== undefined) columns.weight = weight;
  if (status !== undefined) columns.status = status;
  if (auto_ban !== undefined) columns.auto_ban = auto_ban;
  if (type !== undefined) columns.type = type;
  if (max_input_tokens !== undefined) columns.max_input_tokens = max_input_tokens;
  return columns;
}

/** Defaults of a new channel (spec 001 §9): type 1, auto_ban 1, group default, priority 0, weight 0, enabled. */
const newChannelDefaults: ChannelSettings = {
  type: 1,
  name: '',
  key: '',
  openai_organization: '',
  test_model: '',
  base_url: '',
  other: '',
  models: '',
  group: 'default',
  model_mapping: '',
  status_code_mapping: '',
  setting: '',
  param_override: '',
  auto_ban: 1,
  priority: 0,
  weight: 0,
  tag: '',
  status: 1,
  max_input_tokens: 0,
};

/**
 * Rules for the whole channel after a create or update: an empty `other` takes the type's default
 * (type 18 → v2.1, Azure → its api-version); a type that needs `other` refuses an empty one when
 * `checkRequired` (create, or the type or `other` changed); the group list must fit its column.
 */
function completeSettings(settings: ChannelSettings, checkRequired: boolean): ChannelSettings {
  const otherField = findProvider(settings.type)?.otherField;
  let other = settings.other;
  if (other === '' && otherField?.default !== undefined) other = otherField.default;
  if (checkRequired && other === '' && otherField?.required) throw badRequest(`please fill in the ${otherField.label.toLowerCase()} for this channel type`);
  assertGroupListFits(settings.group);
  return { ...settings, other };
}

/** Refuses a comma-joined group list longer than its column. */
export function assertGroupListFits(group: string): void {
  if (group.length > maximumGroupListLength) throw badRequest(`the group list is too long (at most ${maximumGroupListLength} characters)`);
}

/** Builds a new channel from a create payload: name, key and a model are required; defaults fill the rest (no groups → default). */
export function newChannelSettings(input: ChannelFieldsInput): ChannelSettings {
  const columns = toColumns(input);
  if (columns.group === '') delete columns.group;
  if (!columns.name || !columns.key) throw badRequest(channelMessages.nameAndKeyRequired);
  if (!columns.models) throw badRequest(channelMessages.modelsRequired);
  const settings = completeSettings({ ...newChannelDefaults, ...columns }, true);
  if (settings.base_url === '' && findProvider(settings.type)?.baseUrlRequired) throw badRequest('please fill in the base URL for this channel type');
  return settings;
}

/**
 * Applies an update payload to a stored channel. Fields not named keep their value; an empty key or
 * name keeps the stored one (the form never shows the key); an empty model list is refused.
 */
export function updatedChannelSettings(current: ChannelSettings, input: ChannelFieldsInput): ChannelSettings {
  const columns = toColumns(input);
  if (columns.key === '') delete columns.key;
  if (columns.name === '') delete columns.name;
  if (columns.models === '') throw badRequest(channelMessages.modelsRequired);
  if (columns.group === '') delete columns.group;
  return completeSettings({ ...current, ...columns }, columns.type !== undefined || columns.other !== undefined);
}

/** Splits a batch-mode key field into one key per channel: a JSON array (service-account files) or one key per line. */
export function splitBatchKeys(key: string): string[] {
  const text = key.trim();
  if (text.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (Array.isArray(parsed)) {
        return parsed.map((item) => (typeof item === 'string' ? item.trim() : JSON.stringify(item))).filter(Boolean);
      }
    } catch {
      // Not a JSON array: fall through to one key per line.
    }
  }
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}
