// The channel page's own logic (spec 001 §4, §5, §9): row keys, badges, stored preferences, and the form and tag
// drawer checked with @turnpike/contract's channel schema (the same rules the server applies).
import {
  channelFieldsSchema,
  channelTagEditSchema,
  channelTagPatch,
  checkInput,
  newChannelDefaults,
  newChannelSettings,
  priorityField,
  problem,
  requiredTag,
  splitBatchKeys,
  splitNameList,
  updatedChannelSettings,
  weightField,
  type ChannelSettings,
  type ChannelTagPatch,
  type Checked,
  type Problem,
  type ProblemCode,
} from '@turnpike/contract';
import {
  channelColumnKeys,
  type ChannelColumnVisibility,
  type ChannelListRow,
  type ChannelRecord,
  type ChannelTagRow,
} from './channel-types';

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

/** Parses a priority typed into the table or the tag drawer with the shared rule (an integer of at least -999). */
export function parsePriority(text: string | number | null | undefined): Checked<number> {
  return requiredInteger(checkInput(priorityField, text ?? ''), 'channel_priority_not_integer');
}

/** Parses a weight with the shared rule (a non-negative integer). */
export function parseWeight(text: string | number | null | undefined): Checked<number> {
  return requiredInteger(checkInput(weightField, text ?? ''), 'channel_weight_invalid');
}

/** A blank cell is not a number: it breaks the integer rule of the field. */
function requiredInteger(checked: Checked<number | undefined>, blankCode: ProblemCode): Checked<number> {
  if (!checked.ok) return checked;
  return checked.value === undefined ? { ok: false, problem: problem(blankCode) } : { ok: true, value: checked.value };
}

/** The JSON text areas of the form, each checked by its schema field. */
export type ChannelJsonField = 'model_mapping' | 'status_code_mapping' | 'param_override' | 'setting';

/** The problem of a JSON text area's value, or null when the shared schema accepts it. */
export function jsonFieldProblem(field: ChannelJsonField, text: string | null | undefined): Problem | null {
  const checked = checkInput(channelFieldsSchema.shape[field], text ?? '');
  return checked.ok ? null : checked.problem;
}

/** Colour level of the response-time badge: 0 untested, ≤1 s green, ≤3 s lime, ≤5 s yellow, else red. */
export function responseTimeColor(milliseconds: number): 'default' | 'green' | 'lime' | 'yellow' | 'red' {
  if (!milliseconds || milliseconds <= 0) return 'default';
  if (milliseconds <= 1000) return 'green';
  if (milliseconds <= 3000) return 'lime';
  if (milliseconds <= 5000) return 'yellow';
  return 'red';
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

/** The base URL as the shared schema stores it (trimmed, without trailing slashes); '' when it is not text. */
export function formBaseUrl(url: string | null | undefined): string {
  const checked = checkInput(channelFieldsSchema.shape.base_url, url ?? '');
  return checked.ok ? (checked.value ?? '') : '';
}

/** True when a base URL ends with /v1 (the form asks for confirmation: the gateway adds the version itself). */
export function baseUrlEndsWithV1(url: string | null | undefined): boolean {
  return /\/v1\/*$/i.test((url ?? '').trim());
}

/** Adds comma-separated custom models to a list; names already present are reported, not added twice. */
export function mergeCustomModels(current: readonly string[], input: string): { models: string[]; added: string[]; duplicates: string[] } {
  const existing = new Set(current);
  const added: string[] = [];
  const duplicates: string[] = [];
  for (const name of splitNameList(input)) {
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

/** Defaults of a new channel (spec 001 §9), from the shared defaults: type 1, auto_ban on, group default, priority 0, weight 0. */
export function newChannelFormValues(): ChannelFormValues {
  return settingsToFormValues(newChannelDefaults);
}

function settingsToFormValues(settings: Omit<ChannelSettings, 'status' | 'max_input_tokens'>): ChannelFormValues {
  return {
    type: settings.type,
    name: settings.name,
    key: settings.key,
    base_url: settings.base_url,
    other: settings.other,
    openai_organization: settings.openai_organization,
    group: splitNameList(settings.group),
    models: splitNameList(settings.models),
    model_mapping: settings.model_mapping,
    status_code_mapping: settings.status_code_mapping,
    param_override: settings.param_override,
    setting: settings.setting,
    test_model: settings.test_model,
    priority: settings.priority,
    weight: settings.weight,
    auto_ban: settings.auto_ban !== 0,
    tag: settings.tag,
  };
}

/** The form values of a stored channel (the key stays empty: the server never sends it). */
export function channelToFormValues(channel: ChannelRecord): ChannelFormValues {
  return settingsToFormValues({
    type: channel.type,
    name: channel.name ?? '',
    key: '',
    base_url: channel.base_url ?? '',
    other: channel.other ?? '',
    openai_organization: channel.openai_organization ?? '',
    group: channel.group ?? '',
    models: channel.models ?? '',
    model_mapping: channel.model_mapping ?? '',
    status_code_mapping: channel.status_code_mapping ?? '',
    param_override: channel.param_override ?? '',
    setting: channel.setting ?? '',
    test_model: channel.test_model ?? '',
    priority: channel.priority ?? 0,
    weight: channel.weight ?? 0,
    auto_ban: channel.auto_ban,
    tag: channel.tag ?? '',
  });
}

/** The body of POST or PUT /api/channel/ (models and groups comma-joined); the key only when one was typed. */
export type ChannelPayload = Omit<ChannelSettings, 'key' | 'status' | 'max_input_tokens'> & { key?: string };

/** Outcome of checking the form: the payload to send, or the first broken rule. */
export type ChannelFormCheck = { ok: true; payload: ChannelPayload } | { ok: false; problem: Problem };

/**
 * Checks the form with the shared channel schema and whole-channel rules (spec 001 §5) and builds the payload: on
 * create name, key and a model are required, the type's base URL and `other` too; an empty `other` takes the type's
 * default; JSON fields must be objects and the model mapping free of cycles; the base URL loses its trailing /.
 */
export function checkChannelForm(values: ChannelFormValues, creating: boolean): ChannelFormCheck {
  const parsed = checkInput(channelFieldsSchema, values);
  if (!parsed.ok) return parsed;
  const settings = creating ? newChannelSettings(parsed.value) : updatedChannelSettings({ ...newChannelDefaults }, parsed.value);
  if (!settings.ok) return settings;
  const { key: _key, status: _status, max_input_tokens: _maxInputTokens, ...fields } = settings.value;
  const payload: ChannelPayload = { ...fields, group: parsed.value.group === undefined ? fields.group : parsed.value.group.join(',') };
  // On edit an empty key keeps the stored one, so it is left out.
  const key = parsed.value.key ?? '';
  if (key !== '') payload.key = key;
  return { ok: true, payload };
}

/** Number of keys a batch create makes: one per non-empty line (or per item of a JSON array). */
export function countBatchKeys(key: string): number {
  return splitBatchKeys(key).length;
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
export type TagEditPayload = ChannelTagPatch & { tag: string };

/** Outcome of checking the tag drawer. */
export type TagEditCheck = { ok: true; payload: TagEditPayload } | { ok: false; problem: Problem };

/**
 * Builds the tag edit with the shared tag-edit schema (spec 001 §5): only changed fields are sent; a cleared tag
 * name dissolves the tag; the models the drawer was opened with count as unchanged; nothing changed → no changes.
 */
export function checkTagEdit(tag: string, initialModels: readonly string[], values: TagEditValues): TagEditCheck {
  const models = splitNameList(values.models);
  const parsed = checkInput(channelTagEditSchema, {
    tag,
    new_tag: values.new_tag ?? '',
    model_mapping: values.model_mapping,
    models: models.join(',') === splitNameList(initialModels).join(',') ? undefined : models,
    groups: values.group,
    priority: values.priority,
    weight: values.weight,
  });
  if (!parsed.ok) return parsed;
  const patch = channelTagPatch(tag, parsed.value);
  return patch.ok ? { ok: true, payload: { tag, ...patch.value } } : patch;
}

/** Checks the batch tag dialog: the tag cannot be empty. */
export function checkBatchTag(tag: string | null | undefined): { ok: true; tag: string } | { ok: false; problem: Problem } {
  const checked = requiredTag(tag);
  return checked.ok ? { ok: true, tag: checked.value } : checked;
}

/** Currency sign of an upstream balance: the Chinese platforms report yuan, the others dollars. */
const yuanBalanceTypes: readonly number[] = [25, 40];

/** Renders an upstream balance with its currency sign. */
export function formatBalance(type: number, balance: number): string {
  const sign = yuanBalanceTypes.includes(type) ? '¥' : '$';
  return `${sign}${(Number.isFinite(balance) ? balance : 0).toFixed(2)}`;
}
