// Process entry: reads the configuration, starts the server and shuts it down gracefully on SIGTERM/SIGINT.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer } from './app';
import { ConfigError, loadConfig } from './config';

async function main(): Promise<void> {
  const here = path.dirname(fileURLToPath(import.meta.url));
  let config;
  try {
    config = loadConfig(process.env, path.resolve(here, '../../console/dist'));
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  const server = await buildServer(config);
  // A last resort, not a fix: a promise nobody awaited failed. Log it loudly and keep serving the other calls
  // (Node's default would end the process and every call in flight with it).
  process.on('unhandledRejection', (reason) => server.app.log.error({ err: reason }, 'unhandled promise rejection (a bug: please report it)'));
  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    server.app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    server
      .close()
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        console.error('shutdown failed', error);
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  await server.app.listen({ port: config.port, host: config.host });
  server.app.log.info({ database: config.database.kind, console: config.consoleDir !== null }, `Turnpike listening on http://${config.host}:${config.port}`);
}

main().catch((error: unknown) => {
  console.error('Turnpike failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
