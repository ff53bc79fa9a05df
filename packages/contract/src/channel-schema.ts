// Channel input (spec 001 §5 channel form, §9 defaults): the schema both the server and the console form parse with.
import { isProviderType } from '@turnpike/providers/descriptors';
import { z } from 'zod';
import { findMappingCycle } from './model-mapping';
import { idField, integerField, jsonObjectField, nameListField, textField } from './input-fields';
import { addProblem } from './problems';

/** Lowest priority a channel may have. */
export const minimumPriority = -999;
/** Longest model name the abilities index stores. */
export const maximumModelLength = 255;
/** Longest group name the abilities index stores. */
export const maximumGroupLength = 64;
/** Longest comma-joined group list the channels table stores. */
export const maximumGroupListLength = 255;

function checkModelMapping(object: Record<string, unknown>, context: z.RefinementCtx): void {
  if (!Object.values(object).every((target) => typeof target === 'string')) addProblem(context, 'channel_model_mapping_invalid');
  else if (findMappingCycle(object as Record<string, string>) !== null) addProblem(context, 'channel_model_mapping_cycle');
}

/** The model mapping column with its chain rule: a JSON object of names, no cycle. */
export const modelMappingField = jsonObjectField('channel_model_mapping_invalid', checkModelMapping);
/** A model list (comma-joined or an array) of names up to 255 characters. */
export const modelsField = nameListField('channel_models_not_list', maximumModelLength, 'channel_model_name_too_long');
/** A group list (comma-joined or an array) of names up to 64 characters. */
export const groupsField = nameListField('channel_groups_not_list', maximumGroupLength, 'channel_group_name_too_long');
/** Integer priority, at least -999. */
export const priorityField = integerField('channel_priority_not_integer', minimumPriority, 'channel_priority_too_low');
/** Non-negative integer weight. */
export const weightField = integerField('channel_weight_invalid', 0);
/** A tag name (at most 255 characters); empty means untagged. */
export const tagField = textField('tag', 255);

const typeField = z.unknown().transform((value, context): number | undefined => {
  if (value === null) return undefined;
  const number = typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isInteger(number)) return addProblem(context, 'channel_type_invalid');
  return isProviderType(number) ? number : addProblem(context, 'channel_type_unsupported', { type: number });
});

const statusField = z.unknown().transform((value, context): number | undefined => {
  if (value === null) return undefined;
  const number = typeof value === 'string' ? Number(value) : value;
  return number === 1 || number === 2 || number === 3 ? number : addProblem(context, 'channel_status_invalid');
});

const autoBanField = z.unknown().transform((value, context): number | undefined => {
  if (value === null) return undefined;
  if (value === true || value === 1 || value === '1') return 1;
  if (value === false || value === 0 || value === '0') return 0;
  return addProblem(context, 'channel_auto_ban_invalid');
});

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
  status_code_mapping: jsonObjectField('channel_status_code_mapping_invalid').optional(),
  setting: jsonObjectField('channel_setting_invalid').optional(),
  param_override: jsonObjectField('channel_param_override_invalid').optional(),
  auto_ban: autoBanField.optional(),
  priority: priorityField.optional(),
  weight: weightField.optional(),
  tag: tagField.optional(),
  status: statusField.optional(),
  max_input_tokens: integerField('channel_max_input_tokens_invalid', 0).optional(),
});

/** A parsed channel payload. */
export type ChannelFieldsInput = z.infer<typeof channelFieldsSchema>;

/** A non-empty list of channel ids (`ids`) for batch operations, without repeats. */
export const channelIdsField = z
  .array(idField('channel_selection_required'), 'channel_selection_required')
  .min(1, 'channel_selection_required')
  .transform((ids) => [...new Set(ids)]);

/** The `{ids}` body of batch delete. */
export const channelIdListSchema = z.object({ ids: channelIdsField });

/** The `:id` of a channel route. */
export const channelIdParamsSchema = z.object({ id: idField('channel_id_invalid') });

/** The `id` an update body names. */
export const channelUpdateIdSchema = z.object({ id: idField('channel_id_required') });

/** Empty values mean "no change" in the tag drawer. */
const blankToUndefined = (value: unknown): unknown => (value === null || value === '' ? undefined : value);

/** `{tag}` of the tag-wide actions (body or query). */
export const channelTagSchema = z.object({ tag: tagField.optional() });

/** PUT /api/channel/tag: only what is given changes; '' new_tag dissolves the tag. */
export const channelTagEditSchema = z.object({
  tag: tagField.optional(),
  /** Absent or null keeps the tag; '' dissolves it; anything else renames it. */
  new_tag: z.preprocess((value) => (value === null ? undefined : value), tagField.optional()),
  model_mapping: z.preprocess(blankToUndefined, modelMappingField.optional()),
  models: z.preprocess(blankToUndefined, modelsField.optional()),
  groups: z.preprocess(blankToUndefined, groupsField.optional()),
  priority: z.preprocess(blankToUndefined, priorityField.optional()),
  weight: z.preprocess(blankToUndefined, weightField.optional()),
});

/** A parsed tag edit. */
export type ChannelTagEditInput = z.infer<typeof channelTagEditSchema>;

/** POST /api/channel/batch/tag. */
export const channelBatchTagSchema = z.object({ ids: channelIdsField, tag: tagField.optional() });

/** The create body: new-api's `{mode, channel}` envelope, or the channel itself with an optional `mode` (default single). */
function unwrapCreateBody(body: unknown): { mode: unknown; channel: unknown } {
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const mode = typeof record.mode === 'string' && record.mode !== '' ? record.mode : 'single';
  const nested = record.channel;
  return { mode, channel: typeof nested === 'object' && nested !== null ? nested : record };
}

/** POST /api/channel/: one channel, or (batch) one per key line. */
export const channelCreateSchema = z.preprocess(
  unwrapCreateBody,
  z.object({ mode: z.enum(['single', 'batch'], 'channel_mode_unsupported'), channel: channelFieldsSchema }),
);
