// `/api/prefill_group`: named model, tag and endpoint lists that prefill the channel form (new-api's prefill groups,
// admin only). Messages are new-api's own (new-api-contracts.md §6).
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';
import { insertWithId } from '../db/insert-with-id';
import type { PrefillGroupsTable } from '../db/schema';
import { isUniqueViolation } from '../db/unique-violation';
import { badRequest, notFound } from '../http/api-error';
import { accessFor } from '../http/auth-guard';
import { parseInput, success } from '../http/envelope';
import type { Selectable } from 'kysely';

/** new-api's messages for prefill groups. */
export const prefillGroupMessages = {
  nameAndTypeRequired: '组名称和类型不能为空',
  nameTaken: '组名称已存在',
  idRequired: '缺少组 ID',
  notFound: 'prefill group not found',
  nameTooLong: 'the group name must be at most 64 characters',
  typeTooLong: 'the group type must be at most 32 characters',
  descriptionTooLong: 'the description must be at most 255 characters',
} as const;

const text = (limit: number, message: string) => z.preprocess((value) => (value === null || value === undefined ? '' : value), z.string().trim().max(limit, message));

const groupFields = {
  name: text(64, prefillGroupMessages.nameTooLong),
  type: text(32, prefillGroupMessages.typeTooLong),
  // Passed through as given: a string array (model, tag), an object keyed by endpoint type, or that object as JSON text.
  items: z.unknown().optional(),
  description: text(255, prefillGroupMessages.descriptionTooLong),
};

const createSchema = z.object(groupFields);
const updateSchema = z.object({ ...groupFields, id: z.preprocess((value) => value ?? 0, z.coerce.number().int().min(0)) });
const listQuerySchema = z.object({ type: z.preprocess((value) => value ?? '', z.string().trim()) });
const idParamsSchema = z.object({ id: z.coerce.number({ error: 'invalid prefill group id' }).int('invalid prefill group id').positive('invalid prefill group id') });

const nowSeconds = (): number => Math.floor(Date.now() / 1000);

/** A stored group as new-api answers it: items parsed back, description left out when empty. */
function present(row: Selectable<PrefillGroupsTable>): Record<string, unknown> {
  let items: unknown = null;
  try {
    items = JSON.parse(row.items);
  } catch {
    items = null;
  }
  return {
    id: Number(row.id),
    name: row.name,
    type: row.type,
    items,
    ...(row.description ? { description: row.description } : {}),
    created_time: Number(row.created_time),
    updated_time: Number(row.updated_time),
  };
}

/** Registers the prefill group routes. */
export function registerPrefillGroupRoutes(app: FastifyInstance, context: AppContext): void {
  const admin = accessFor(context)('admin');
  const db = context.db;

  async function nameTaken(name: string, exceptId: number): Promise<boolean> {
    const row = await db.selectFrom('prefill_groups').select('id').where('name', '=', name).where('id', '<>', exceptId).executeTakeFirst();
    return row !== undefined;
  }

  /** Runs a write; a unique-name race lost to another request answers as a taken name. */
  async function guardedWrite<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw badRequest(prefillGroupMessages.nameTaken);
      throw error;
    }
  }

  app.get('/api/prefill_group/', admin, async (request) => {
    const { type } = parseInput(listQuerySchema, request.query);
    let query = db.selectFrom('prefill_groups').selectAll();
    if (type) query = query.where('type', '=', type);
    const rows = await query.orderBy('updated_time', 'desc').orderBy('id', 'desc').execute();
    return success(rows.map(present));
  });

  app.post('/api/prefill_group/', admin, async (request) => {
    const input = parseInput(createSchema, request.body);
    if (!input.name || !input.type) throw badRequest(prefillGroupMessages.nameAndTypeRequired);
    if (await nameTaken(input.name, 0)) throw badRequest(prefillGroupMessages.nameTaken);
    const now = nowSeconds();
    const values = { name: input.name, type: input.type, items: JSON.stringify(input.items ?? null), description: input.description, created_time: now, updated_time: now };
    const id = await guardedWrite(() => insertWithId(context.database, 'prefill_groups', values));
    return success(present({ ...values, id }));
  });

  app.put('/api/prefill_group/', admin, async (request) => {
    const input = parseInput(updateSchema, request.body);
    if (!input.id) throw badRequest(prefillGroupMessages.idRequired);
    const row = await db.selectFrom('prefill_groups').selectAll().where('id', '=', input.id).executeTakeFirst();
    if (!row) throw notFound(prefillGroupMessages.notFound);
    if (!input.name || !input.type) throw badRequest(prefillGroupMessages.nameAndTypeRequired);
    if (await nameTaken(input.name, input.id)) throw badRequest(prefillGroupMessages.nameTaken);
    const next = { name: input.name, type: input.type, items: JSON.stringify(input.items ?? null), description: input.description, updated_time: nowSeconds() };
    await guardedWrite(() => db.updateTable('prefill_groups').set(next).where('id', '=', input.id).execute());
    return success(present({ ...row, ...next }));
  });

  app.delete('/api/prefill_group/:id', admin, async (request) => {
    const { id } = parseInput(idParamsSchema, request.params);
    const result = await db.deleteFrom('prefill_groups').where('id', '=', id).executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) throw notFound(prefillGroupMessages.notFound);
    return success(null);
  });
}
