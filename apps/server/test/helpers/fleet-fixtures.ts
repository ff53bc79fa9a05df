// Fixtures and measurements for the multi-instance test: API calls as a user, users in the shared database, timing.
import bcrypt from 'bcryptjs';
import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../src/db/schema';
import { createSessionValue, sessionCookieName } from '../../src/http/session-cookie';
import type { FleetInstance } from './turnpike-fleet';
import { userRow } from './user-rows';

/** A signed-in user as the console would be: the row and its session headers (valid on every instance). */
export interface FleetActor {
  user: UserRow;
  headers: Record<string, string>;
}

/** The answer of an API call: HTTP status and parsed body. */
export interface ApiAnswer {
  status: number;
  body: Record<string, unknown>;
}

/** Calls `path` on an instance, optionally as a user, with a JSON body. */
export async function api(instance: FleetInstance, method: string, path: string, options: { as?: FleetActor; body?: unknown; key?: string } = {}): Promise<ApiAnswer> {
  const headers: Record<string, string> = { ...(options.as?.headers ?? {}) };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.key) headers.authorization = `Bearer ${options.key}`;
  const response = await fetch(instance.url + path, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
  const text = await response.text();
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    body = { text };
  }
  return { status: response.status, body };
}

let sequence = 0;

/** Inserts a user into the shared database and signs them in with the fleet's SESSION_SECRET. */
export async function createFleetUser(db: Kysely<Database>, secret: string, fields: { username: string; quota?: number; role?: number; group?: string }): Promise<FleetActor> {
  sequence += 1;
  await db
    .insertInto('users')
    .values(
      userRow({
        username: fields.username,
        password: bcrypt.hashSync('password123', 4),
        display_name: fields.username,
        role: fields.role ?? 1,
        quota: fields.quota ?? 0,
        group: fields.group ?? 'default',
        aff_code: `fleet${Date.now().toString(36)}${sequence}`,
        created_at: Math.floor(Date.now() / 1000),
      }),
    )
    .execute();
  const user = await db.selectFrom('users').selectAll().where('username', '=', fields.username).executeTakeFirstOrThrow();
  return { user, headers: { cookie: `${sessionCookieName}=${createSessionValue(user.id, secret)}`, 'new-api-user': String(user.id) } };
}

/** Creates an unlimited API key for the actor through the API of `instance`; returns `sk-…` and its id. */
export async function createFleetKey(instance: FleetInstance, as: FleetActor, name = 'fleet-key'): Promise<{ key: string; id: number }> {
  const answer = await api(instance, 'POST', '/api/token/', { as, body: { name, unlimited_quota: true } });
  const data = answer.body.data as { key?: string; id?: number } | undefined;
  if (!data?.key || !data.id) throw new Error(`creating a key failed: ${JSON.stringify(answer.body)}`);
  return { key: `sk-${data.key}`, id: data.id };
}

/** Polls `check` every 5 ms until it is true; answers the elapsed milliseconds, or Infinity after `timeoutMs`. */
export async function millisecondsUntil(check: () => Promise<boolean> | boolean, timeoutMs = 3000): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    if (await check()) return performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return Number.POSITIVE_INFINITY;
}

/** Makes a change (on one instance), then measures per instance how long until `effective` holds there. */
export async function measurePropagation(change: () => Promise<void>, instances: FleetInstance[], effective: (instance: FleetInstance) => Promise<boolean>): Promise<Record<string, number>> {
  await change();
  const elapsed = await Promise.all(instances.map((instance) => millisecondsUntil(() => effective(instance))));
  return Object.fromEntries(instances.map((instance, index) => [instance.name, Math.round(elapsed[index])]));
}

/** True once every instance holds `value` for the option `key` in memory (read back through GET /api/option/). */
export async function optionEverywhere(instances: FleetInstance[], root: FleetActor, key: string, value: string): Promise<boolean> {
  const answers = await Promise.all(instances.map((instance) => api(instance, 'GET', '/api/option/', { as: root })));
  return answers.every((answer) => (answer.body.data as Array<{ key: string; value: string }>).some((entry) => entry.key === key && entry.value === value));
}

/** Sets options through the API of `instance` and waits until every instance has them (at most 3 s). */
export async function setOptions(instance: FleetInstance, everyone: FleetInstance[], root: FleetActor, values: Record<string, string>): Promise<void> {
  for (const [key, value] of Object.entries(values)) {
    const answer = await api(instance, 'PUT', '/api/option/', { as: root, body: { key, value } });
    if (answer.body.success !== true) throw new Error(`setting ${key} failed: ${JSON.stringify(answer.body)}`);
  }
  for (const [key, value] of Object.entries(values)) {
    if ((await millisecondsUntil(() => optionEverywhere(everyone, root, key, value))) === Number.POSITIVE_INFINITY) throw new Error(`${key} did not reach every instance`);
  }
}
