// Model lists for the console: every known model, the models of enabled channels, and the default models per channel type.
import { splitNameList } from '@turnpike/contract';
import { defaultModelsByType, providerDescriptors } from '@turnpike/providers';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { accessFor } from '../http/auth-guard';
import { success } from '../http/envelope';

const byName = (left: string, right: string): number => (left < right ? -1 : left > right ? 1 : 0);

/** Registers `GET /api/channel/models`, `GET /api/channel/models_enabled` and `GET /api/models`. */
export function registerChannelModelRoutes(app: FastifyInstance, context: AppContext): void {
  const access = accessFor(context);

  app.get('/api/channel/models', access('admin'), async () => {
    const names = new Set(providerDescriptors.flatMap((descriptor) => descriptor.defaultModels));
    const rows = await context.db.selectFrom('channels').select('models').execute();
    for (const row of rows) for (const model of splitNameList(row.models)) names.add(model);
    return success([...names].sort(byName).map((id) => ({ id })));
  });

  app.get('/api/channel/models_enabled', access('admin'), async () => {
    const rows = await context.db.selectFrom('abilities').select('model').distinct().where('enabled', '=', 1).execute();
    return success(rows.map((row) => row.model).sort(byName));
  });

  app.get('/api/models', access('user'), async () => success(defaultModelsByType()));
}
