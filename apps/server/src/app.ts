// Composition root: opens the database, runs migrations, builds every long-lived service, then registers the route modules.
import crypto from 'node:crypto';
import http from 'node:http';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { LocalChangeBus, RedisChangeBus, type ChangeBus } from './cluster/change-bus';
import { startInstanceRuntime } from './cluster/instance-runtime';
import type { Config } from './config';
import type { AppServices, RouteModule } from './app-services';
import type { AppContext, ServerFront } from './context';
import { openDatabase } from './db/connect';
import { databaseRetryAfterSeconds, databaseUnavailableMessage, isDatabaseUnavailable } from './db/database-unavailable';
import { databaseAnswers } from './db/database-probe';
import { migrateToLatest } from './db/migrate';
import { ApiError, failureEnvelope } from './http/api-error';
import { parseJsonBody, type BodyError } from './http/json-body';
import { SafeOutbound } from './http/safe-outbound';
import { logSerializers } from './http/log-redaction';
import { AccessLoggedController, createAccessLog, type AccessLogWatch } from './http/access-log';
import { createRequestIdAssigner, newRequestId, requestIdHeader, requestIdOf } from './http/request-id';
import { loadGatewayMetrics } from './metrics/load-gateway-metrics';
import { OptionStore } from './options/option-store';
import { openRelayTracing } from './telemetry/open-relay-tracing';
import { openRateLimitStore } from './rate-limit/open-rate-limit-store';
import { registerGlobalRateLimits } from './rate-limit/global-rate-limit';
import { buildRelayServices } from './relay/build-relay-services';
import { createRelayCaches } from './relay/relay-caches';
import type { RelayServices } from './relay/relay-services';
// Path prefixes that belong to the relay (answered in their format's error shape, never the SPA).
import { relayPrefixes } from './relay/relay-route-table';
import { routeModules } from './route-modules';

/** A built server: the Fastify app and its services. */
export interface Server {
  app: FastifyInstance;
  context: AppServices;
  /** Stops accepting, finishes in-flight requests, runs the shutdown tasks, closes connections. */
  close(): Promise<void>;
}

function isUnder(url: string, prefix: string): boolean {
  return url === prefix || url.startsWith(prefix + '/') || url.startsWith(prefix + '?');
}

/** Builds the server for a configuration; the database is migrated before the first request. */
export async function buildServer(config: Config, modules: RouteModule[] = routeModules): Promise<Server> {
  const front: ServerFront = { fastLane: null, shuttingDown: false };
  const assignRequestId = createRequestIdAssigner(config.trustedProxies);
  // Set once Fastify's logger exists (the server factory runs inside Fastify's constructor).
  let watchAccess: AccessLogWatch | null = null;
  const app = Fastify({
    // The relay's fast lane sees each request first; Fastify gets what it declines. The timeouts are Fastify's defaults.
    serverFactory: (handler) => {
      const server = http.createServer((request, response) => {
        assignRequestId(request, response);
        watchAccess?.(request, response);
        if (!front.fastLane?.(request, response)) handler(request, response);
      });
      server.keepAliveTimeout = 72_000;
      server.requestTimeout = 0;
      server.setTimeout(0);
      return server;
    },
    genReqId: (request) => requestIdOf(request) || newRequestId(),
    // Requests are logged with credential query parameters masked and without headers (log-redaction); LOG_FILE sends the log to a file.
    logger: {
      level: config.logLevel,
      base: { node: config.nodeName },
      serializers: logSerializers,
      redact: ['req.headers.authorization', 'req.headers["x-api-key"]', 'req.headers["x-goog-api-key"]', 'req.headers.cookie'],
      ...(config.logFile ? { file: config.logFile } : {}),
    },
    // One access-log line per request is written by `createAccessLog` (cut streams too, sampled, without the query).
    logController: new AccessLoggedController(),
    // `/api` and the console; relay routes get the relay's larger limit (below).
    bodyLimit: config.bodyLimits.apiBytes,
    routerOptions: { ignoreTrailingSlash: true },
    trustProxy: config.trustedProxies.length > 0 ? config.trustedProxies : false,
  });
  watchAccess = createAccessLog(app.log, config.logLevel, config.accessLogSampleRate);
  const database = openDatabase(config.database);
  await migrateToLatest(database);
  // A new id per run: reservations and job leases name the run, so a restarted node is told apart from a dead one.
  const startId = crypto.randomUUID();
  const bus: ChangeBus = config.redisUrl ? new RedisChangeBus(config.redisUrl, `${config.nodeName}:${startId}`, app.log, config.redisPrefix) : new LocalChangeBus();
  const options = await OptionStore.open(database, bus);
  const runtime = await startInstanceRuntime(config, database, bus, startId, app.log);
  // Opened now, not on the first limited call (its Redis connection is part of the start).
  const rateLimits = openRateLimitStore(config, app.log);
  // Prometheus series, when METRICS_ENABLED: the readings taken at a scrape look at the relay once it exists.
  let relay: RelayServices | null = null;
  const metrics = config.metrics.enabled
    ? new (await loadGatewayMetrics()).GatewayMetrics({
        databaseUp: () => databaseAnswers(database.db),
        redisUp: () => (config.redisUrl ? !bus.degraded : null),
        settlementQueueDepth: () => relay?.ledger.queueDepth ?? 0,
        reservationsHeld: () => relay?.ledger.held ?? 0,
      })
    : null;
  const tracing = await openRelayTracing(process.env, config.nodeName);
  const base: AppContext = {
    config,
    database,
    db: database.db,
    options,
    bus,
    caches: createRelayCaches(database.db, bus),
    log: app.log,
    startId,
    jobs: runtime.jobs,
    front,
    rateLimits: rateLimits.store,
    metrics,
    tracing,
    outbound: new SafeOutbound(config.outboundAllow),
    shutdownTasks: [],
  };
  // Every long-lived service exists before the first route module registers; modules only read them.
  relay = await buildRelayServices(base);
  const context: AppServices = { ...base, relay };
  context.shutdownTasks.push(rateLimits.close);
  // Last: the spans of the calls that finished while draining are sent too.
  if (tracing) context.shutdownTasks.push(() => tracing.close());

  await app.register(fastifyCookie);
  // Before any route: the global per-IP limits hook every route registered after them.
  context.shutdownTasks.push(await registerGlobalRateLimits(app, config));
  // Every route family parses JSON the same way (depth-limited); relay routes accept the relay's larger bodies.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
    try {
      done(null, parseJsonBody(body as Buffer, config.bodyLimits.jsonDepth));
    } catch (error) {
      done(error as BodyError, undefined);
    }
  });
  app.addHook('onRoute', (route) => {
    if (route.bodyLimit === undefined && relayPrefixes.some((prefix) => isUnder(route.url, prefix))) route.bodyLimit = config.bodyLimits.relayBytes;
  });
  // Keep-alive connections would hold close() open until their idle timeout: answers sent while shutting
  // down carry `connection: close` (the fast lane adds it itself), and close() closes connections as they turn idle.
  // A callback-style hook: it runs on every request, and an async hook costs a promise each time.
  app.addHook('onSend', (request, reply, payload, done) => {
    // Set on the raw response already when the request came through the HTTP server; injected requests get it here.
    reply.header(requestIdHeader, request.id);
    if (front.shuttingDown) reply.header('connection', 'close');
    done(null, payload);
  });
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) return reply.status(error.status).send(error.toEnvelope());
    if (isDatabaseUnavailable(error)) {
      // The database is away: a fast, clear refusal the caller may retry, in the shape of its path.
      request.log.warn({ err: error }, 'request refused: database unreachable');
      reply.header('retry-after', String(databaseRetryAfterSeconds));
      if (relayPrefixes.some((prefix) => isUnder(request.url, prefix))) {
        return reply.status(503).send({ error: { message: databaseUnavailableMessage, type: 'server_error', code: 'database_unavailable' } });
      }
      return reply.status(503).send(failureEnvelope(503, databaseUnavailableMessage));
    }
    const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    const message = status >= 500 ? 'internal server error, please contact the administrator' : error.message;
    if (relayPrefixes.some((prefix) => isUnder(request.url, prefix))) {
      return reply.status(status).send({ error: { message, type: status >= 500 ? 'server_error' : 'invalid_request_error', code: null } });
    }
    return reply.status(status).send(failureEnvelope(status, message));
  });

  for (const register of modules) await register(app, context);

  if (config.consoleDir) {
    // A wildcard route reads files at request time, so a console rebuilt while the server runs is served at once.
    await app.register(fastifyStatic, { root: config.consoleDir, prefix: '/', wildcard: true, maxAge: '1h', index: false });
    app.get('/', (_request, reply) => reply.header('cache-control', 'no-cache').sendFile('index.html', { cacheControl: false }));
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    if (isUnder(url, '/api')) return reply.status(404).send(failureEnvelope(404, `not found: ${request.method} ${url.split('?')[0]}`));
    if (relayPrefixes.some((prefix) => isUnder(url, prefix))) {
      return reply.status(404).send({ error: { message: `Invalid URL (${request.method} ${url.split('?')[0]})`, type: 'invalid_request_error', code: 'not_found' } });
    }
    if (config.consoleDir && (request.method === 'GET' || request.method === 'HEAD')) {
      // cacheControl: false keeps the plugin's 1 h max-age off index.html, so a new build is picked up at once.
      return reply.header('cache-control', 'no-cache').sendFile('index.html', { cacheControl: false });
    }
    return reply.status(404).send(failureEnvelope(404, 'not found'));
  });

  await app.ready();
  let closing: Promise<void> | null = null;
  const close = (): Promise<void> => {
    closing ??= (async () => {
      front.shuttingDown = true;
      // Connections that turn idle while the server drains (a stream ends, a whole answer is sent) close at once.
      const closeIdle = setInterval(() => app.server.closeIdleConnections(), 50);
      // No periodic job starts while shutting down; another instance takes the leases over at once.
      await runtime.jobs.stop();
      await app.close();
      clearInterval(closeIdle);
      for (const task of context.shutdownTasks) {
        await task().catch((error: unknown) => app.log.error({ err: error }, 'shutdown task failed'));
      }
      await runtime.stop().catch((error: unknown) => app.log.error({ err: error }, 'leaving the fleet failed'));
      await bus.close();
      await database.db.destroy();
    })();
    return closing;
  };
  return { app, context, close };
}
