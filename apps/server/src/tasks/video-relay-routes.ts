// The video relay: OpenAI's Videos API (`POST /v1/videos`, `GET /v1/videos/{id}`, `GET /v1/videos/{id}/content`,
// `POST /v1/videos/{id}/remix`), new-api's `/v1/video/generations`, and Kling's native `/kling/v1/videos/...`.
// Submits go through the task lifecycle (task-submit.ts); status answers come from the task table, only the
// caller's own tasks; the file streams through the gateway (relay key, or the owner's console session).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppServices } from '../app-services';
import type { TaskRow } from '../db/schema';
import { isDatabaseUnavailable } from '../db/database-unavailable';
import { identify } from '../http/auth-guard';
import { RelayError } from '../relay/relay-error';
import { sendRelayError } from '../relay/relay-endpoint-call';
import { gatewayAddress } from './midjourney-relay-routes';
import { taskCaller } from './task-caller';
import { videoPlatforms } from './task-platforms';
import type { TaskStore } from './task-store';
import { sendVideoContent } from './video-content';
import { generateAction, readInboundVideo } from './video-request';
import { submitVideo } from './video-submit';
import { klingPathKind, klingVideoView, openAiVideoView, videoContentUrl } from './video-views';

/** The model a `/v1/videos` call without one is sent as (OpenAI's default). */
const defaultVideoModel = 'sora-2';
/** Kling's default model. */
const defaultKlingModel = 'kling-v1';

/** Registers the video relay routes. */
export function registerVideoRelayRoutes(app: FastifyInstance, services: AppServices, store: TaskStore): void {
  app.addContentTypeParser('multipart/form-data', { parseAs: 'buffer', bodyLimit: 64 * 1024 * 1024 }, (_request, body, done) => done(null, body));

  async function guarded(request: FastifyRequest, reply: FastifyReply, handle: () => Promise<unknown>): Promise<unknown> {
    try {
      return await handle();
    } catch (error) {
      if (!(error instanceof RelayError)) {
        if (isDatabaseUnavailable(error)) request.log.warn({ err: error }, 'video call refused: database unreachable');
        else request.log.error({ err: error }, 'video call failed');
      }
      return sendRelayError(reply, error);
    }
  }

  /** The caller's own video task with the gateway id `id`. */
  async function ownVideo(userId: number, id: string): Promise<TaskRow> {
    for (const platform of videoPlatforms) {
      const task = await store.findOwn(userId, platform, id);
      if (task) return task;
    }
    throw new RelayError(404, `video ${id} not found`, 'invalid_request_error', 'video_not_found');
  }

  async function create(request: FastifyRequest, defaultModel: string): Promise<TaskRow> {
    const caller = await taskCaller(services, request);
    const video = readInboundVideo(request.body, request.headers['content-type'], defaultModel);
    if (typeof video === 'string') throw new RelayError(400, video, 'invalid_request_error', 'invalid_request');
    const outcome = await submitVideo(services.relay, store, { caller, video, action: generateAction(video), origin: null, requestId: String(request.id), ip: request.ip });
    if (!outcome.reading.accepted) throw new RelayError(outcome.status >= 400 ? outcome.status : 502, outcome.reading.description || 'the upstream refused the video', 'upstream_error', 'submit_refused');
    return ownVideo(caller.user.id, outcome.publicId);
  }

  for (const path of ['/v1/videos', '/v1/video/generations']) {
    app.post(path, async (request, reply) => guarded(request, reply, async () => openAiVideoView(await create(request, defaultVideoModel))));
    app.get<{ Params: { id: string } }>(`${path}/:id`, async (request, reply) =>
      guarded(request, reply, async () => {
        const caller = await taskCaller(services, request);
        return openAiVideoView(await ownVideo(caller.user.id, request.params.id));
      }),
    );
  }

  app.post<{ Params: { id: string } }>('/v1/videos/:id/remix', async (request, reply) =>
    guarded(request, reply, async () => {
      const caller = await taskCaller(services, request);
      const origin = await ownVideo(caller.user.id, request.params.id);
      if (origin.status !== 'SUCCESS') throw new RelayError(400, `video ${origin.task_id} is not completed`, 'invalid_request_error', 'video_not_ready');
      const video = readInboundVideo(request.body, request.headers['content-type'], origin.model_name);
      if (typeof video === 'string') throw new RelayError(400, video, 'invalid_request_error', 'invalid_request');
      const outcome = await submitVideo(services.relay, store, { caller, video: { ...video, model: origin.model_name }, action: 'remixGenerate', origin, requestId: String(request.id), ip: request.ip });
      if (!outcome.reading.accepted) throw new RelayError(outcome.status >= 400 ? outcome.status : 502, outcome.reading.description || 'the upstream refused the remix', 'upstream_error', 'submit_refused');
      return openAiVideoView(await ownVideo(caller.user.id, outcome.publicId));
    }),
  );

  // The file: a relay key, or the console session of the video's owner (the task log's player).
  app.get<{ Params: { id: string } }>('/v1/videos/:id/content', async (request, reply) =>
    guarded(request, reply, async () => {
      const sessionUser = request.headers.authorization ? null : ((await identify(services, request))?.user ?? null);
      const userId = sessionUser && sessionUser.status === 1 ? sessionUser.id : (await taskCaller(services, request)).user.id;
      const task = await ownVideo(userId, request.params.id);
      const failure = await sendVideoContent(services.relay, task, reply, services.outbound);
      if (failure) throw new RelayError(failure.status, failure.message, failure.status === 404 ? 'invalid_request_error' : 'upstream_error', failure.status === 404 ? 'video_not_ready' : 'video_fetch_failed');
      return reply;
    }),
  );

  // Kling's native paths, answered in Kling's shapes.
  for (const kind of ['text2video', 'image2video']) {
    app.post(`/kling/v1/videos/${kind}`, async (request, reply) =>
      guarded(request, reply, async () => {
        const task = await create(request, defaultKlingModel);
        return { code: 0, message: 'SUCCEED', request_id: task.task_id, data: { task_id: task.task_id, task_status: 'submitted', created_at: task.submit_time, updated_at: task.updated_at } };
      }),
    );
    app.get<{ Params: { id: string } }>(`/kling/v1/videos/${kind}/:id`, async (request, reply) =>
      guarded(request, reply, async () => {
        const caller = await taskCaller(services, request);
        const task = await ownVideo(caller.user.id, request.params.id);
        if (klingPathKind(task) !== kind && task.platform === 'kling') throw new RelayError(404, `video ${task.task_id} not found`, 'invalid_request_error', 'video_not_found');
        return klingVideoView(task, videoContentUrl(gatewayAddress(services, request), task));
      }),
    );
  }
}
