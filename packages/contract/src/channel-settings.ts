// A channel's settable columns: defaults (spec 001 §9), the stored form of a payload, and the whole-channel rules of create and update.
import { findProvider } from '@turnpike/providers/descriptors';
import { maximumGroupListLength, type ChannelFieldsInput, type ChannelTagEditInput } from './channel-schema';
import { problem, type Checked, type Problem } from './problems';

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

/** Defaults of a new channel (spec 001 §9): type 1, auto_ban 1, group default, priority 0, weight 0, enabled. */
export const newChannelDefaults: Readonly<ChannelSettings> = {
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

/** The stored form of the fields a payload names (models and groups comma-joined). */
export function toColumns(input: ChannelFieldsInput): Partial<ChannelSettings> {
  const { models, group, groups, ...rest } = input;
  const columns: Partial<ChannelSettings> = {};
  for (const [name, value] of Object.entries(rest)) {
    if (value !== undefined) Object.assign(columns, { [name]: value });
  }
  if (models !== undefined) columns.models = models.join(',');
  const groupList = group ?? groups;
  if (groupList !== undefined) columns.group = groupList.join(',');
  return columns;
}

/** Refuses a comma-joined group list longer than its column. */
export function groupListProblem(group: string): Problem | null {
  return group.length > maximumGroupListLength ? problem('channel_group_list_too_long', { max: maximumGroupListLength }) : null;
}

/**
 * Rules for the whole channel after a create or update: an empty `other` takes the type's default
 * (type 18 → v2.1, Azure → its api-version); a type that needs `other` refuses an empty one when
 * `checkRequired` (create, or the type or `other` changed); the group list must fit its column.
 */
function completeSettings(settings: ChannelSettings, checkRequired: boolean): Checked<ChannelSettings> {
  const otherField = findProvider(settings.type)?.otherField;
  let other = settings.other;
  if (other === '' && otherField?.default !== undefined) other = otherField.default;
  if (checkRequired && other === '' && otherField?.required) return { ok: false, problem: problem('channel_other_required', { label: otherField.label.toLowerCase() }) };
  const tooLong = groupListProblem(settings.group);
  return tooLong ? { ok: false, problem: tooLong } : { ok: true, value: { ...settings, other } };
}

/** Builds a new channel from a create payload: name, key and a model are required; defaults fill the rest (no groups → default). */
export function newChannelSettings(input: ChannelFieldsInput): Checked<ChannelSettings> {
  const columns = toColumns(input);
  if (columns.group === '') delete columns.group;
  if (!columns.name || !columns.key) return { ok: false, problem: problem('channel_name_and_key_required') };
  if (!columns.models) return { ok: false, problem: problem('channel_models_required') };
  const settings = completeSettings({ ...newChannelDefaults, ...columns }, true);
  if (settings.ok && settings.value.base_url === '' && findProvider(settings.value.type)?.baseUrlRequired) {
    return { ok: false, problem: problem('channel_base_url_required') };
  }
  return settings;
}

/**
 * Applies an update payload to a stored channel. Fields not named keep their value; an empty key or
 * name keeps the stored one (the form never shows the key); an empty model list is refused.
 */
export function updatedChannelSettings(current: ChannelSettings, input: ChannelFieldsInput): Checked<ChannelSettings> {
  const columns = toColumns(input);
  if (columns.key === '') delete columns.key;
  if (columns.name === '') delete columns.name;
  if (columns.models === '') return { ok: false, problem: problem('channel_models_required') };
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

/** A tag-wide edit as sent and applied: only what changes (new_tag renames, '' dissolves; lists comma-joined). */
export interface ChannelTagPatch {
  new_tag?: string;
  model_mapping?: string;
  models?: string;
  groups?: string;
  priority?: number;
  weight?: number;
}

/** The changes a parsed tag edit makes to the channels of `tag`; an edit that changes nothing is refused. */
export function channelTagPatch(tag: string, input: ChannelTagEditInput): Checked<ChannelTagPatch> {
  const patch: ChannelTagPatch = {};
  if (input.new_tag !== undefined && input.new_tag !== tag) patch.new_tag = input.new_tag;
  if (input.model_mapping !== undefined) patch.model_mapping = input.model_mapping;
  if (input.models !== undefined && input.models.length > 0) patch.models = input.models.join(',');
  if (input.groups !== undefined && input.groups.length > 0) patch.groups = input.groups.join(',');
  if (input.priority !== undefined) patch.priority = input.priority;
  if (input.weight !== undefined) patch.weight = input.weight;
  if (Object.keys(patch).length === 0) return { ok: false, problem: problem('channel_no_changes') };
  const tooLong = patch.groups === undefined ? null : groupListProblem(patch.groups);
  return tooLong ? { ok: false, problem: tooLong } : { ok: true, value: patch };
}

/** The tag a tag-wide action names; an empty one is refused. */
export function requiredTag(tag: string | null | undefined): Checked<string> {
  const value = (tag ?? '').trim();
  return value === '' ? { ok: false, problem: problem('channel_tag_required') } : { ok: true, value };
}
