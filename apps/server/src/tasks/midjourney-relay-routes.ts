// The Midjourney relay, midjourney-proxy's API under `/mj` and `/{mode}/mj` (`/mj-fast/mj/…`): submits are billed
// per action and stored as tasks; fetches answer from the task table; `GET /mj/image/{id}` proxies a result image.
import { findTaskProtocol, midjourneyModelName, midjourneyProtocol, midjourneyUpstreamBody, resolveMidjourneyAction, unbilledMidjourneyActions } from '@turnpike/providers';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { request as undiciRequest } from 'undici';
import type { AppServices } from '../app-services';
import { isDatabaseUnavailable } from '../db/database-unavailable';
import { RelayError } from '../relay/relay-error';
import { sendRelayError } from '../relay/relay-endpoint-call';
import type { ChannelRoute } from '../relay/routing-table';
import { taskCaller } from './task-caller';
import type { TaskStore } from './task-store';
import { submitTask } from './task-submit';
import { midjourneyTaskView, visibleImageUrl } from './task-views';

/** midjourney-proxy's error answer: `{code, description, result}` (4: request error, 5: unknown). */
function sendMidjourneyError(reply: FastifyReply, status: number, code: number, description: string): FastifyReply {
  return reply.status(status).header('content-type', 'application/json').send(JSON.stringify({ code, description, result: '', type: 'upstream_error' }));
}

/** The gateway's own address for forwarded image URLs: ServerAddress, else the request's origin. */
export function gatewayAddress(services: AppServices, request: FastifyRequest): string {
  const configured = services.options.string('ServerAddress').trim();
  return configured || `${request.protocol}://${request.host}`;
}

/** Registers the Midjourney relay routes. */
export function registerMidjourneyRelayRoutes(app: FastifyInstance, services: AppServices, store: TaskStore): void {
  const { options } = services;
  const imageUrlOf = (request: FastifyRequest) => (task: Parameters<typeof visibleImageUrl>[0]) => visibleImageUrl(task, options.bool('MjForwardUrlEnabled'), gatewayAddress(services, request));

  async function guarded(request: FastifyRequest, reply: FastifyReply, handle: () => Promise<unknown>): Promise<unknown> {
    try {
      return await handle();
    } catch (error) {
      if (error instanceof RelayError && (error.status === 401 || error.type === 'permission_error')) return sendRelayError(reply, error);
      if (error instanceof RelayError) return sendMidjourneyError(reply, error.status, error.status === 403 ? 4 : 5, error.message);
      if (isDatabaseUnavailable(error)) request.log.warn({ err: error }, 'midjourney call refused: database unreachable');
      else request.log.error({ err: error }, 'midjourney call failed');
      return sendMidjourneyError(reply, 500, 5, 'internal error');
    }
  }

  /** The channel an action on an earlier task must use, or an answer refusing it. */
  async function originChannel(userId: number, taskId: string, action: string): Promise<{ channel: ChannelRoute; prompt: string } | string> {
    const origin = await store.findOwn(userId, 'midjourney', taskId);
    if (!origin) return 'task_not_found';
    if (options.bool('MjActionCheckSuccessEnabled') && action !== 'MODAL' && origin.status !== 'SUCCESS') return 'task_status_not_success';
    const channel = services.relay.routing.channel(origin.channel_id);
    if (!channel) return 'get_channel_info_failed';
    if (channel.status !== 1) return 'the channel of this task is disabled';
    return { channel, prompt: origin.prompt };
  }

  async function submit(request: FastifyRequest<{ Params: { action: string } }>, reply: FastifyReply): Promise<unknown> {
    return guarded(request, reply, async () => {
      const caller = await taskCaller(services, request);
      if (!options.bool('DrawingEnabled')) return sendMidjourneyError(reply, 400, 4, 'drawing is not enabled');
      const body = request.body && typeof request.body === 'object' && !Array.isArray(request.body) ? (request.body as Record<string, unknown>) : null;
      if (!body) return sendMidjourneyError(reply, 400, 4, 'bind_request_body_failed');
      const resolved = resolveMidjourneyAction(request.params.action, body);
      if (!resolved.ok) return sendMidjourneyError(reply, 400, 4, resolved.description);
      let channel: ChannelRoute | null = null;
      let prompt = typeof body.prompt === 'string' ? body.prompt : '';
      if (resolved.originTaskId !== null) {
        const origin = await originChannel(caller.user.id, resolved.originTaskId, resolved.action);
        if (typeof origin === 'string') return sendMidjourneyError(reply, 400, 4, origin);
        channel = origin.channel;
        prompt = origin.prompt;
      }
      const upstreamBody = midjourneyUpstreamBody(body, { accountFilter: options.bool('MjAccountFilterEnabled'), modeClear: options.bool('MjModeClearEnabled') });
      const outcome = await submitTask(services.relay, store, {
        protocol: (channel && findTaskProtocol(channel.type)) || midjourneyProtocol,
        caller,
        model: midjourneyModelName(resolved.action),
        action: resolved.action,
        prompt,
        path: `/mj/submit/${request.params.action}`,
        body: upstreamBody,
        channel,
        billed: !unbilledMidjourneyActions.has(resolved.action),
        notifyHook: options.bool('MjNotifyEnabled') && typeof body.notifyHook === 'string' ? body.notifyHook : '',
        requestId: String(request.id),
        ip: request.ip,
      });
      return reply.status(outcome.status).header('content-type', 'application/json').send(JSON.stringify(outcome.reading.answer));
    });
  }

  async function fetchOne(request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply): Promise<unknown> {
    return guarded(request, reply, async () => {
      const caller = await taskCaller(services, request);
      const task = await store.findOwn(caller.user.id, 'midjourney', request.params.id);
      if (!task) return sendMidjourneyError(reply, 400, 4, 'task_no_found');
      return midjourneyTaskView(task, imageUrlOf(request)(task));
    });
  }

  async function listByCondition(request: FastifyRequest, reply: FastifyReply): Promise<unknown> {
    return guarded(request, reply, async () => {
      const caller = await taskCaller(services, request);
      const ids = (request.body as { ids?: unknown } | null)?.ids;
      const wanted = Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string').slice(0, 1000) : [];
      const tasks = await store.findOwnMany(caller.user.id, 'midjourney', wanted);
      const imageUrl = imageUrlOf(request);
      return tasks.map((task) => midjourneyTaskView(task, imageUrl(task)));
    });
  }

  /** `image-seed` is asked of the task's own channel and answered as the upstream answers it. */
  async function imageSeed(request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply): Promise<unknown> {
    return guarded(request, reply, async () => {
      const caller = await taskCaller(services, request);
      const task = await store.findOwn(caller.user.id, 'midjourney', request.params.id);
      if (!task) return sendMidjourneyError(reply, 400, 4, 'task_no_found');
      const channel = services.relay.routing.channel(task.channel_id);
      if (!channel || channel.status !== 1) return sendMidjourneyError(reply, 400, 4, 'the channel of this task is disabled');
      const url = `${channel.baseUrl.replace(/\/+$/, '')}/mj/task/${encodeURIComponent(task.task_id)}/image-seed`;
      const response = await undiciRequest(url, { method: 'GET', headers: midjourneyProtocol.authHeaders(channel.key), headersTimeout: 30_000, bodyTimeout: 30_000 });
      const text = await response.body.text();
      return reply.status(response.statusCode).header('content-type', 'application/json').send(text);
    });
  }

  /**
   * A result image through the gateway (no key, as new-api): fetched from the upstream URL when that URL is on the
   * task's channel's own host (set by an administrator) or on a public address; anything else is refused.
   */
  async function image(request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply): Promise<unknown> {
    const task = await store.findByTaskId('midjourney', request.params.id);
    if (!task || !task.image_url) return reply.status(400).send({ error: 'midjourney_task_not_found' });
    const channel = services.relay.routing.channel(task.channel_id);
    const sameHost = channel !== undefined && sameOrigin(channel.baseUrl, task.image_url);
    const problem = sameHost ? null : services.outbound.urlProblem(task.image_url);
    if (problem) return reply.status(403).send({ error: `request blocked: ${problem}` });
    try {
      const response = sameHost
        ? await undiciRequest(task.image_url, { method: 'GET', headersTimeout: 30_000, bodyTimeout: 60_000 })
        : await undiciRequest(task.image_url, { method: 'GET', dispatcher: services.outbound.dispatcher });
      if (response.statusCode !== 200) {
        const text = await response.body.text();
        return reply.status(response.statusCode).send({ error: text.slice(0, 500) });
      }
      const type = response.headers['content-type'];
      return reply.header('content-type', typeof type === 'string' && type ? type : 'image/jpeg').send(response.body);
    } catch (error) {
      request.log.warn({ err: error, taskId: task.task_id }, 'midjourney image fetch failed');
      return reply.status(500).send({ error: 'http_get_image_failed' });
    }
  }

  for (const prefix of ['/mj', '/:mode/mj']) {
    const modeChecked = <R extends FastifyRequest>(handler: (request: R, reply: FastifyReply) => Promise<unknown>) => async (request: R, reply: FastifyReply): Promise<unknown> => {
      const mode = (request.params as { mode?: string }).mode;
      if (mode !== undefined && !/^mj-(relax|fast|turbo)$/.test(mode)) return reply.status(404).send({ error: { message: 'not found', type: 'invalid_request_error' } });
      return handler(request, reply);
    };
    app.post<{ Params: { action: string } }>(`${prefix}/submit/:action`, modeChecked(submit));
    app.get<{ Params: { id: string } }>(`${prefix}/task/:id/fetch`, modeChecked(fetchOne));
    app.get<{ Params: { id: string } }>(`${prefix}/task/:id/image-seed`, modeChecked(imageSeed));
    app.post(`${prefix}/task/list-by-condition`, modeChecked(listByCondition));
    app.get<{ Params: { id: string } }>(`${prefix}/image/:id`, modeChecked(image));
  }
}

function sameOrigin(a: string, b: string): boolean {
  try {
    return new URL(a).origin === new URL(b).origin;
  } catch {
    return false;
  }
}
