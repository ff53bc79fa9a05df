// Pure rules of the channel page (spec 001 §4, §5, §9): input parsing, form validation, payloads, badges, stored preferences.
import type { ProviderDescriptor } from '@turnpike/contract';
import {
  channelColumnKeys,
  type ChannelColumnVisibility,
  type ChannelListRow,
  type ChannelRecord,
  type ChannelTagRow,
} from './channel-types';

/** A broken rule, named by its message key under `channels.messages`. */
export type ChannelProblem =
  | 'nameAndKeyRequired'
  | 'modelsRequired'
  | 'modelMappingInvalid'
  | 'statusCodeMappingInvalid'
  | 'paramOverrideInvalid'
  | 'settingInvalid'
  | 'baseUrlRequired'
  | 'otherRequired'
  | 'priorityNotInteger'
  | 'priorityTooLow'
  | 'weightInvalid'
  | 'tagRequired'
  | 'noChanges';

/** Lowest priority a channel may have (spec 001 §9). */
export const minimumPriority = -999;

/** Splits a comma-joined list (or takes a list) into trimmed, distinct, non-empty names in their first order. */
export function splitList(value: string | readonly string[] | null | undefined): string[] {
  const items = typeof value === 'string' ? value.split(',') : (value ?? []);
  return [...new Set(items.map((item) => item.trim()).filter(Boolean))];
}

/** True for tag mode's aggregate row. */
export function isTagRow(row: ChannelListRow): row is ChannelTagRow {
  return (row as ChannelTagRow).is_tag === true;
}

/** The table row key: the channel id, or `tag:<name>` for a tag row. */
export function rowKeyOf(row: ChannelListRow): string | number {
  return isTagRow(row) ? `tag:${row.tag}` : row.id;
}

/** The channel ids among selected row keys (tag rows are left out; their children carry their own keys). */
export function selectedChannelIds(keys: ReadonlyArray<string | number | bigint>): number[] {
  return [...new Set(keys.filter((key): key is number => typeof key === 'number' && Number.isInteger(key) && key > 0))];
}

/** Outcome of parsing a priority or weight typed into the table or the tag drawer. */
export type IntegerInput = { ok: true; value: number } | { ok: false; problem: ChannelProblem };

/** Parses a priority: an integer of at least -999. */
export function parsePriority(text: string | number | null | undefined): IntegerInput {
  const source = String(text ?? '').trim();
  if (!/^-?\d+$/.test(source) || !Number.isSafeInteger(Number(source))) return { ok: false, problem: 'priorityNotInteger' };
  const value = Number(source);
  return value < minimumPriority ? { ok: false, problem: 'priorityTooLow' } : { ok: true, value };
}

/** Parses a weight: a non-negative integer. */
export function parseWeight(text: string | number | null | undefined): IntegerInput {
  const source = String(text ?? '').trim();
  if (!/^\d+$/.test(source) || !Number.isSafeInteger(Number(source))) return { ok: false, problem: 'weightInvalid' };
  return { ok: true, value: Number(source) };
}

/** Colour level of the response-time badge: 0 untested, ≤1 s green, ≤3 s lime, ≤5 s yellow, else red. */
export function responseTimeColor(milliseconds: number): 'default' | 'green' | 'lime' | 'yellow' | 'red' {
  if (!milliseconds || milliseconds <= 0) return 'default';
  if (milliseconds <= 1000) return 'green';
  if (milliseconds <= 3000) return 'lime';
  if (milliseconds <= 5000) return 'yellow';
  return 'red';
}

/** True when the text is empty or a JSON object (the JSON text areas of the form). */
export function isJsonObjectText(text: string | null | undefined): boolean {
  const source = (text ?? '').trim();
  if (source === '') return true;
  try {
    const parsed: unknown = JSON.parse(source);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed);
  } catch {
    return false;
  }
}

/** The auto-disable reason and time kept in `other_info`. */
export function readStatusInfo(otherInfo: string | null | undefined): { reason: string; time: number } {
  try {
    const parsed: unknown = JSON.parse(otherInfo ?? '');
    if (typeof parsed !== 'object' || parsed === null) return { reason: '', time: 0 };
    const record = parsed as Record<string, unknown>;
    return {
      reason: typeof record.status_reason === 'string' ? record.status_reason : '',
      time: typeof record.status_time === 'number' ? record.status_time : 0,
    };
  } catch {
    return { reason: '', time: 0 };
  }
}

/** Strips trailing slashes and spaces from a base URL. */
export function normalizeBaseUrl(url: string | null | undefined): string {
  return (url ?? '').trim().replace(/\/+$/, '');
}

/** True when a base URL ends with /v1 (the form asks for confirmation: the gateway adds the version itself). */
export function baseUrlEndsWithV1(url: string | null | undefined): boolean {
  return /\/v1$/i.test(normalizeBaseUrl(url));
}

/** Adds comma-separated custom models to a list; names already present are reported, not added twice. */
export function mergeCustomModels(current: readonly string[], input: string): { models: string[]; added: string[]; duplicates: string[] } {
  const existing = new Set(current);
  const added: string[] = [];
  const duplicates: string[] = [];
  for (const name of splitList(input)) {
    if (existing.has(name)) duplicates.push(name);
    else {
      existing.add(name);
      added.push(name);
    }
  }
  return { models: [...current, ...added], added, duplicates };
}

/** Reads the `channels-table-columns` preference; unknown or missing keys are visible. */
export function parseColumnVisibility(raw: string | null): ChannelColumnVisibility {
  const visibility = Object.fromEntries(channelColumnKeys.map((key) => [key, true])) as ChannelColumnVisibility;
  if (!raw) return visibility;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return visibility;
    for (const key of channelColumnKeys) {
      const value = (parsed as Record<string, unknown>)[key];
      if (typeof value === 'boolean') visibility[key] = value;
    }
  } catch {
    return visibility;
  }
  // The name and actions columns are what the table is for: they cannot be hidden.
  return { ...visibility, name: true, actions: true };
}

/** Reads the `id-sort` preference (the text true). */
export function parseIdSort(raw: string | null): boolean {
  return raw === 'true';
}

/** The values of the create/edit form; inputs are named after the API fields. */
export interface ChannelFormValues {
  type: number;
  name: string;
  key: string;
  base_url: string;
  other: string;
  openai_organization: string;
  group: string[];
  models: string[];
  model_mapping: string;
  status_code_mapping: string;
  param_override: string;
  setting: string;
  test_model: string;
  priority: number | null;
  weight: number | null;
  auto_ban: boolean;
  tag: string;
}

/** Defaults of a new channel (spec 001 §9): type 1, auto_ban on, group default, priority 0, weight 0. */
export function newChannelFormValues(): ChannelFormValues {
  return {
    type: 1,
    name: '',
    key: '',
    base_url: '',
    other: '',
    openai_organization: '',
    group: ['default'],
    models: [],
    model_mapping: '',
    status_code_mapping: '',
    param_override: '',
    setting: '',
    test_model: '',
    priority: 0,
    weight: 0,
    auto_ban: true,
    tag: '',
  };
}

/** The form values of a stored channel (the key stays empty: the server never sends it). */
export function channelToFormValues(channel: ChannelRecord): ChannelFormValues {
  return {
    type: channel.type,
    name: channel.name ?? '',
    key: '',
    base_url: channel.base_url ?? '',
    other: channel.other ?? '',
    openai_organization: channel.openai_organization ?? '',
    group: splitList(channel.group),
    models: splitList(channel.models),
    model_mapping: channel.model_mapping ?? '',
    status_code_mapping: channel.status_code_mapping ?? '',
    param_override: channel.param_override ?? '',
    setting: channel.setting ?? '',
    test_model: channel.test_model ?? '',
    priority: channel.priority ?? 0,
    weight: channel.weight ?? 0,
    auto_ban: channel.auto_ban !== 0,
    tag: channel.tag ?? '',
  };
}

/** The body of POST or PUT /api/channel/ (models and groups comma-joined). */
export interface ChannelPayload {
  type: number;
  name: string;
  key?: string;
  base_url: string;
  other: string;
  openai_organization: string;
  models: string;
  group: string;
  model_mapping: string;
  status_code_mapping: string;
  param_override: string;
  setting: string;
  test_model: string;
  priority: number;
  weight: number;
  auto_ban: 0 | 1;
  tag: string;
}

/** Outcome of checking the form: the payload to send, or the first broken rule. */
export type ChannelFormCheck = { ok: true; payload: ChannelPayload } | { ok: false; problem: ChannelProblem };

const jsonFields = [
  ['model_mapping', 'modelMappingInvalid'],
  ['status_code_mapping', 'statusCodeMappingInvalid'],
  ['param_override', 'paramOverrideInvalid'],
  ['setting', 'settingInvalid'],
] as const;

/**
 * Checks the form (spec 001 §5) and builds the payload: on create name and key are required and at
 * least one model; JSON fields must be objects; the type's required base URL and `other` must be
 * given; an empty `other` takes the descriptor's default (Spark v2.1, Azure's api-version); the base URL loses its trailing /.
 */
export function checkChannelForm(values: ChannelFormValues, creating: boolean, descriptor: ProviderDescriptor | undefined): ChannelFormCheck {
  const name = (values.name ?? '').trim();
  const key = (values.key ?? '').trim();
  if (creating && (name === '' || key === '')) return { ok: false, problem: 'nameAndKeyRequired' };
  const models = splitList(values.models);
  if (models.length === 0) return { ok: false, problem: 'modelsRequired' };
  for (const [field, problem] of jsonFields) {
    if (!isJsonObjectText(values[field])) return { ok: false, problem };
  }
  const baseUrl = normalizeBaseUrl(values.base_url);
  if (baseUrl === '' && descriptor?.baseUrlRequired) return { ok: false, problem: 'baseUrlRequired' };
  let other = (values.other ?? '').trim();
  if (other === '' && descriptor?.otherField?.default !== undefined) other = descriptor.otherField.default;
  if (other === '' && descriptor?.otherField?.required) return { ok: false, problem: 'otherRequired' };
  const priority = parsePriority(values.priority ?? 0);
  if (!priority.ok) return priority;
  const weight = parseWeight(values.weight ?? 0);
  if (!weight.ok) return weight;
  const payload: ChannelPayload = {
    type: values.type,
    name,
    base_url: baseUrl,
    other,
    openai_organization: (values.openai_organization ?? '').trim(),
    models: models.join(','),
    group: splitList(values.group).join(','),
    model_mapping: (values.model_mapping ?? '').trim(),
    status_code_mapping: (values.status_code_mapping ?? '').trim(),
    param_override: (values.param_override ?? '').trim(),
    setting: (values.setting ?? '').trim(),
    test_model: (values.test_model ?? '').trim(),
    priority: priority.value,
    weight: weight.value,
    auto_ban: values.auto_ban === false ? 0 : 1,
    tag: (values.tag ?? '').trim(),
  };
  // On edit an empty key keeps the stored one, so it is left out.
  if (key !== '') payload.key = key;
  return { ok: true, payload };
}

/** Number of keys a batch create would make: one per non-empty line (or per item of a JSON array). */
export function countBatchKeys(key: string): number {
  const text = key.trim();
  if (text.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (Array.isArray(parsed)) return parsed.length;
    } catch {
      // Not a JSON array: count lines.
    }
  }
  return text.split(/\r?\n/).filter((line) => line.trim() !== '').length;
}

/** The values of the tag edit drawer; empty fields mean "no change". */
export interface TagEditValues {
  new_tag: string;
  model_mapping: string;
  group: string[];
  models: string[];
  priority: string;
  weight: string;
}

/** The body of PUT /api/channel/tag. */
export interface TagEditPayload {
  tag: string;
  new_tag?: string;
  model_mapping?: string;
  groups?: string;
  models?: string;
  priority?: number;
  weight?: number;
}

/** Outcome of checking the tag drawer. */
export type TagEditCheck = { ok: true; payload: TagEditPayload } | { ok: false; problem: ChannelProblem };

/**
 * Builds the tag edit (spec 001 §5): only changed fields are sent; a cleared tag name dissolves the
 * tag; the models the drawer was opened with count as unchanged; nothing changed → noChanges.
 */
export function checkTagEdit(tag: string, initialModels: readonly string[], values: TagEditValues): TagEditCheck {
  const payload: TagEditPayload = { tag };
  const newTag = (values.new_tag ?? '').trim();
  if (newTag !== tag) payload.new_tag = newTag;
  const mapping = (values.model_mapping ?? '').trim();
  if (mapping !== '') {
    if (!isJsonObjectText(mapping)) return { ok: false, problem: 'modelMappingInvalid' };
    payload.model_mapping = mapping;
  }
  const groups = splitList(values.group);
  if (groups.length > 0) payload.groups = groups.join(',');
  const models = splitList(values.models);
  if (models.length > 0 && models.join(',') !== splitList(initialModels).join(',')) payload.models = models.join(',');
  if ((values.priority ?? '').toString().trim() !== '') {
    const priority = parsePriority(values.priority);
    if (!priority.ok) return priority;
    payload.priority = priority.value;
  }
  if ((values.weight ?? '').toString().trim() !== '') {
    const weight = parseWeight(values.weight);
    if (!weight.ok) return weight;
    payload.weight = weight.value;
  }
  return Object.keys(payload).length === 1 ? { ok: false, problem: 'noChanges' } : { ok: true, payload };
}

/** Checks the batch tag dialog: the tag cannot be empty. */
export function checkBatchTag(tag: string | null | undefined): { ok: true; tag: string } | { ok: false; problem: ChannelProblem } {
  const value = (tag ?? '').trim();
  return value === '' ? { ok: false, problem: 'tagRequired' } : { ok: true, tag: value };
}

/** Currency sign of an upstream balance: the Chinese platforms report yuan, the others dollars. */
const yuanBalanceTypes: readonly number[] = [25, 40];

/** Renders an upstream balance with its currency sign. */
export function formatBalance(type: number, balance: number): string {
  const sign = yuanBalanceTypes.includes(type) ? '¥' : '$';
  return `${sign}${(Number.isFinite(balance) ? balance : 0).toFixed(2)}`;
}
