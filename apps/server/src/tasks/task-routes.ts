// The task feature: the Midjourney, Suno and video relays, the poll job that finishes their tasks, and the log routes.
import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../app-services';
import { sendRelayError } from '../relay/relay-endpoint-call';
import { registerMidjourneyRelayRoutes } from './midjourney-relay-routes';
import { registerSunoRelayRoutes } from './suno-relay-routes';
import { registerTaskLogRoutes } from './task-log-routes';
import { TaskNotifier } from './task-notifier';
import { TaskPoller, taskPollIntervalMs, taskPollJobName } from './task-poller';
import { TaskStore } from './task-store';
import { registerVideoRelayRoutes } from './video-relay-routes';

/** Registers the task relays and log routes, and schedules the fleet-wide poll job. */
export async function registerTaskRoutes(app: FastifyInstance, context: AppServices): Promise<void> {
  const store = new TaskStore(context.db);
  const notifier = new TaskNotifier(() => context.options.bool('MjNotifyEnabled'), (details, message) => context.log.warn(details, message), (url, body) => context.outbound.postJson(url, body));
  const poller = new TaskPoller(context, context.relay.routing, context.relay.upstream, store, notifier, context.relay.credentials);
  // One holder across the fleet (like the channel tests); every instance ticks, the lease holder polls.
  context.jobs.schedule({ name: taskPollJobName, intervalMs: taskPollIntervalMs, run: async () => void (await poller.pollOnce()) });
  registerTaskLogRoutes(app, context);
  await app.register(async (scope) => {
    // Body-parser failures come here, before a handler runs: answered in the relay's error shape.
    scope.setErrorHandler((error, _request, reply) => sendRelayError(reply, error));
    registerMidjourneyRelayRoutes(scope, context, store);
    registerSunoRelayRoutes(scope, context, store);
    await scope.register(async (videos) => registerVideoRelayRoutes(videos, context, store));
  });
}
