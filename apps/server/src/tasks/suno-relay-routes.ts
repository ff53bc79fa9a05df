// The Suno relay (new-api's `/suno`): `POST /suno/submit/{music,lyrics}` is billed per action and stored as a task;
// `POST /suno/fetch {ids}` and `GET /suno/fetch/{id}` answer from the task table.
import { prepareSunoBody, sunoModelName, sunoProtocol, sunoSubmitActions } from '@turnpike/providers';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppServices } from '../app-services';
import { isDatabaseUnavailable } from '../db/database-unavailable';
import { RelayError } from '../relay/relay-error';
import { sendRelayError } from '../relay/relay-endpoint-call';
import { taskCaller } from './task-caller';
import type { TaskStore } from './task-store';
import { submitTask } from './task-submit';
import { sunoTaskView } from './task-views';

/** new-api's task error answer: `{code, message, data: null}`. */
function sendTaskError(reply: FastifyReply, status: number, code: string, message: string): FastifyReply {
  return reply.status(status).header('content-type', 'application/json').send(JSON.stringify({ code, message, data: null }));
}

/** Registers the Suno relay routes. */
export function registerSunoRelayRoutes(app: FastifyInstance, services: AppServices, store: TaskStore): void {
  async function guarded(request: FastifyRequest, reply: FastifyReply, handle: () => Promise<unknown>): Promise<unknown> {
    try {
      return await handle();
    } catch (error) {
      if (error instanceof RelayError && (error.status === 401 || error.type === 'permission_error')) return sendRelayError(reply, error);
      if (error instanceof RelayError) return sendTaskError(reply, error.status, error.code ?? 'task_failed', error.message);
      if (isDatabaseUnavailable(error)) request.log.warn({ err: error }, 'suno call refused: database unreachable');
      else request.log.error({ err: error }, 'suno call failed');
      return sendTaskError(reply, 500, 'internal_error', 'internal error');
    }
  }

  app.post<{ Params: { action: string } }>('/suno/submit/:action', async (request, reply) =>
    guarded(request, reply, async () => {
      const caller = await taskCaller(services, request);
      const action = sunoSubmitActions[request.params.action.toLowerCase()];
      if (!action) return sendTaskError(reply, 400, 'invalid_request', 'invalid_action');
      const body = request.body && typeof request.body === 'object' && !Array.isArray(request.body) ? (request.body as Record<string, unknown>) : null;
      if (!body) return sendTaskError(reply, 400, 'invalid_request', 'invalid request body');
      const prepared = prepareSunoBody(action, body);
      if (!prepared.ok) return sendTaskError(reply, 400, 'invalid_request', prepared.message);
      const outcome = await submitTask(services.relay, store, {
        protocol: sunoProtocol,
        caller,
        model: sunoModelName(action),
        action,
        prompt: typeof body.prompt === 'string' ? body.prompt : typeof body.gpt_description_prompt === 'string' ? body.gpt_description_prompt : '',
        path: `/suno/submit/${action.toLowerCase()}`,
        body: prepared.body,
        channel: null,
        billed: true,
        notifyHook: '',
        requestId: String(request.id),
        ip: request.ip,
      });
      if (!outcome.reading.accepted) return sendTaskError(reply, outcome.status >= 400 ? outcome.status : 500, 'submit_refused', outcome.reading.description);
      return reply.status(200).header('content-type', 'application/json').send(JSON.stringify(outcome.reading.answer));
    }),
  );

  app.post('/suno/fetch', async (request, reply) =>
    guarded(request, reply, async () => {
      const caller = await taskCaller(services, request);
      const ids = (request.body as { ids?: unknown } | null)?.ids;
      const wanted = Array.isArray(ids) ? ids.map(String).slice(0, 1000) : [];
      const tasks = await store.findOwnMany(caller.user.id, 'suno', wanted);
      return { code: 'success', message: '', data: tasks.map(sunoTaskView) };
    }),
  );

  app.get<{ Params: { id: string } }>('/suno/fetch/:id', async (request, reply) =>
    guarded(request, reply, async () => {
      const caller = await taskCaller(services, request);
      const task = await store.findOwn(caller.user.id, 'suno', request.params.id);
      return { code: 'success', message: '', data: task ? sunoTaskView(task) : null };
    }),
  );
}
