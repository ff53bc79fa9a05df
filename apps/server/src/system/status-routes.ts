// Public site information: GET /api/status, /api/notice, /api/about and /api/home_page_content.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { accessFor } from '../http/auth-guard';
import { success } from '../http/envelope';
import { serverVersion } from './server-version';
import { createSetupProbe } from './setup-state';
import { buildStatusObject } from './status-object';

/** The public pages whose content is one option's text. */
const optionPages: Array<{ url: string; key: string }> = [
  { url: '/api/notice', key: 'Notice' },
  { url: '/api/about', key: 'About' },
  { url: '/api/home_page_content', key: 'HomePageContent' },
];

function requestOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/** Route module: the status object and the option-backed public pages. */
export function registerStatusRoutes(app: FastifyInstance, context: AppContext): void {
  const access = accessFor(context);
  const setupProbe = createSetupProbe(context.db);
  const startTime = Math.floor(Date.now() / 1000);

  app.get('/api/status', access('public'), async (request) => {
    const facts = {
      setup: await setupProbe.isDone(),
      version: serverVersion,
      startTime,
      nodeName: context.config.nodeName,
      fallbackServerAddress: requestOrigin(request),
    };
    return success(buildStatusObject(context.options, facts));
  });

  for (const page of optionPages) {
    app.get(page.url, access('public'), async () => success(context.options.text(page.key)));
  }
}
