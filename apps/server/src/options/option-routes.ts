// Root-only option API: GET /api/option/ (secrets masked), PUT /api/option/ (one key per call), POST /api/option/rest_model_ratio.
import { defaultOptionText, formatOptionValue, optionDefinitions, Role } from '@turnpike/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';
import { badRequest, forbidden } from '../http/api-error';
import { accessFor, currentUser } from '../http/auth-guard';
import { parseInput, success } from '../http/envelope';
import { unmetPrerequisite } from './option-prerequisites';

/** The pricing maps that POST /api/option/rest_model_ratio puts back to their defaults. */
export const resettableRatioKeys = ['ModelRatio', 'CompletionRatio', 'ModelPrice', 'CacheRatio', 'AudioRatio', 'AudioCompletionRatio'];

const updateBody = z.object({
  key: z.string().min(1, 'key is required'),
  value: z.union([z.string(), z.number(), z.boolean()], 'value must be a string, a number or a boolean'),
});

/** Route module: the option API. */
export function registerOptionRoutes(app: FastifyInstance, context: AppContext): void {
  const access = accessFor(context);
  const { options } = context;

  app.get('/api/option/', access('admin'), async () => {
    const entries = options
      .entries()
      .map(({ key, value }) => ({ key, value: optionDefinitions.get(key)?.secret ? '' : value }))
      .sort((left, right) => left.key.localeCompare(right.key));
    return success(entries);
  });

  app.put('/api/option/', access('admin'), async (request) => {
    const { key, value } = parseInput(updateBody, request.body);
    const definition = optionDefinitions.get(key);
    if (!definition) throw badRequest(`unknown option: ${key}`);
    if (definition.rootOnly && currentUser(request).role < Role.Root) throw forbidden(`only the super admin may change ${key}`);
    const text = formatOptionValue(value);
    // Secret options are write-only: the console sends them only when non-empty, and an empty one keeps the stored secret.
    if (definition.secret && text === '') return success(undefined, 'kept the stored value');
    const unmet = unmetPrerequisite(key, definition.kind === 'boolean' && text === 'true', (required) => options.text(required));
    if (unmet) throw badRequest(unmet);
    await options.set(key, text);
    request.log.info({ key, by: currentUser(request).id }, 'option updated');
    return success(undefined, 'option saved');
  });

  app.post('/api/option/rest_model_ratio', access('admin'), async (request) => {
    for (const key of resettableRatioKeys) await options.set(key, defaultOptionText(key));
    request.log.info({ by: currentUser(request).id }, 'model ratios reset to defaults');
    return success(undefined, 'model ratios reset to defaults');
  });
}
