// `/api/channel/tag*` and `/api/channel/batch/tag` (spec 001 §5 tag edit, §7): tag-wide edits, enable/disable all, batch tagging.
import { ChannelStatus } from '@turnpike/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';
import { badRequest, notFound } from '../http/api-error';
import { accessFor } from '../http/auth-guard';
import { success } from '../http/envelope';
import { channelRepository, type ChannelPatch } from './channel-repository';
import { assertGroupListFits, channelIdsField, channelMessages, groupsField, modelMappingField, modelsField, parseChannelInput, priorityField, splitNameList, tagField, weightField } from './channel-rules';

/** Empty values mean "no change" in the tag drawer. */
const blankToUndefined = (value: unknown): unknown => (value === null || value === '' ? undefined : value);

const tagSchema = z.object({ tag: tagField.optional() });

const tagEditSchema = z.object({
  tag: tagField.optional(),
  /** Absent or null keeps the tag; '' dissolves it; anything else renames it. */
  new_tag: z.preprocess((value) => (value === null ? undefined : value), tagField.optional()),
  model_mapping: z.preprocess(blankToUndefined, modelMappingField.optional()),
  models: z.preprocess(blankToUndefined, modelsField.optional()),
  groups: z.preprocess(blankToUndefined, groupsField.optional()),
  priority: z.preprocess(blankToUndefined, priorityField.optional()),
  weight: z.preprocess(blankToUndefined, weightField.optional()),
});

const batchTagSchema = z.object({
  ids: channelIdsField,
  tag: tagField.optional(),
});

function requireTag(tag: string | undefined): string {
  if (!tag) throw badRequest(channelMessages.tagRequired);
  return tag;
}

/** Registers the tag routes. */
export function registerChannelTagRoutes(app: FastifyInstance, context: AppContext): void {
  const admin = accessFor(context)('admin');
  const repository = channelRepository(context);

  async function requireTaggedChannels(tag: string): Promise<number> {
    const count = (await repository.findByTag(tag)).length;
    if (count === 0) throw notFound(`no channel has the tag ${tag}`);
    return count;
  }

  app.put('/api/channel/tag', admin, async (request) => {
    const input = parseChannelInput(tagEditSchema, request.body);
    const tag = requireTag(input.tag);
    const patch: ChannelPatch = {};
    if (input.new_tag !== undefined && input.new_tag !== tag) patch.tag = input.new_tag;
    if (input.model_mapping !== undefined) patch.model_mapping = input.model_mapping;
    if (input.models !== undefined && input.models.length > 0) patch.models = input.models.join(',');
    if (input.groups !== undefined && input.groups.length > 0) patch.group = input.groups.join(',');
    if (input.priority !== undefined) patch.priority = input.priority;
    if (input.weight !== undefined) patch.weight = input.weight;
    if (Object.keys(patch).length === 0) throw badRequest(channelMessages.noChanges);
    if (patch.group !== undefined) assertGroupListFits(patch.group);
    await requireTaggedChannels(tag);
    const updated = await repository.mutate({ tag }, () => ({ ...patch }));
    return success(updated.length, `updated ${updated.length} channels`);
  });

  for (const [action, status] of [
    ['enabled', ChannelStatus.Enabled],
    ['disabled', ChannelStatus.ManuallyDisabled],
  ] as const) {
    app.post(`/api/channel/tag/${action}`, admin, async (request) => {
      const tag = requireTag(parseChannelInput(tagSchema, request.body).tag);
      await requireTaggedChannels(tag);
      const changed = await repository.mutate({ tag }, (row) => (row.status === status ? null : { status }));
      return success(changed.length, `${action} ${changed.length} channels`);
    });
  }

  app.post('/api/channel/batch/tag', admin, async (request) => {
    const input = parseChannelInput(batchTagSchema, request.body);
    const tag = requireTag(input.tag);
    const updated = await repository.mutate({ ids: input.ids }, () => ({ tag }));
    return success(updated.length, `tag set for ${updated.length} channels`);
  });

  app.get('/api/channel/tag/models', admin, async (request) => {
    const tag = requireTag(parseChannelInput(tagSchema, request.query).tag);
    const channels = await repository.findByTag(tag);
    let longest = '';
    for (const channel of channels) {
      if (splitNameList(channel.models).length > splitNameList(longest).length) longest = splitNameList(channel.models).join(',');
    }
    return success(longest);
  });
}
