// `/api/channel/tag*` and `/api/channel/batch/tag` (spec 001 §5 tag edit, §7): tag-wide edits, enable/disable all, batch tagging.
import { ChannelStatus, channelBatchTagSchema, channelTagEditSchema, channelTagPatch, channelTagSchema, requiredTag, splitNameList } from '@turnpike/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { notFound, problemError } from '../http/api-error';
import { accessFor } from '../http/auth-guard';
import { success } from '../http/envelope';
import { validated, zodRoutes } from '../http/zod-routes';
import { channelRepository, type ChannelPatch } from './channel-repository';

function requireTag(tag: string | undefined): string {
  const checked = requiredTag(tag);
  if (!checked.ok) throw problemError(checked.problem);
  return checked.value;
}

/** Registers the tag routes. */
export function registerChannelTagRoutes(fastify: FastifyInstance, context: AppContext): void {
  const app = zodRoutes(fastify);
  const admin = accessFor(context)('admin');
  const repository = channelRepository(context);

  async function requireTaggedChannels(tag: string): Promise<number> {
    const count = (await repository.findByTag(tag)).length;
    if (count === 0) throw notFound(`no channel has the tag ${tag}`);
    return count;
  }

  app.put('/api/channel/tag', { ...admin, ...validated({ body: channelTagEditSchema }) }, async (request) => {
    const input = request.body;
    const tag = requireTag(input.tag);
    const checked = channelTagPatch(tag, input);
    if (!checked.ok) throw problemError(checked.problem);
    const { new_tag, groups, ...same } = checked.value;
    const patch: ChannelPatch = { ...same };
    if (new_tag !== undefined) patch.tag = new_tag;
    if (groups !== undefined) patch.group = groups;
    await requireTaggedChannels(tag);
    const updated = await repository.mutate({ tag }, () => ({ ...patch }));
    return success(updated.length, `updated ${updated.length} channels`);
  });

  for (const [action, status] of [
    ['enabled', ChannelStatus.Enabled],
    ['disabled', ChannelStatus.ManuallyDisabled],
  ] as const) {
    app.post(`/api/channel/tag/${action}`, { ...admin, ...validated({ body: channelTagSchema }) }, async (request) => {
      const tag = requireTag(request.body.tag);
      await requireTaggedChannels(tag);
      const changed = await repository.mutate({ tag }, (row) => (row.status === status ? null : { status }));
      return success(changed.length, `${action} ${changed.length} channels`);
    });
  }

  app.post('/api/channel/batch/tag', { ...admin, ...validated({ body: channelBatchTagSchema }) }, async (request) => {
    const input = request.body;
    const tag = requireTag(input.tag);
    const updated = await repository.mutate({ ids: input.ids }, () => ({ tag }));
    return success(updated.length, `tag set for ${updated.length} channels`);
  });

  app.get('/api/channel/tag/models', { ...admin, ...validated({ querystring: channelTagSchema }) }, async (request) => {
    const tag = requireTag(request.query.tag);
    const channels = await repository.findByTag(tag);
    let longest = '';
    for (const channel of channels) {
      if (splitNameList(channel.models).length > splitNameList(longest).length) longest = splitNameList(channel.models).join(',');
    }
    return success(longest);
  });
}
