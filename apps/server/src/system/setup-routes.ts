// First-run setup: GET /api/setup (status, root_init, database_type) and POST /api/setup (root account + usage mode).
import crypto from 'node:crypto';
import { checkUsernameRule, normalizeUsername, Role, usernameMaxLength } from '@turnpike/contract';
import bcrypt from 'bcryptjs';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';
import { isUniqueViolation } from '../db/unique-violation';
import { badRequest, problemError } from '../http/api-error';
import { accessFor } from '../http/auth-guard';
import { parseInput, success } from '../http/envelope';
import { serverVersion } from './server-version';
import { createSetupProbe, databaseTypeNames, rootUserExists } from './setup-state';
import { newUserRow } from '../users/new-user-row';

/** Quota the root account starts with (new-api gives root 100 000 000 units = $200). */
export const rootInitialQuota = 100_000_000;

const alreadyInitialized = 'system is already initialized';
const flag = z.union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')]).default(false);

const setupBody = z.object({
  username: z.string().default(''),
  password: z.string().default(''),
  confirmPassword: z.string().default(''),
  SelfUseModeEnabled: flag,
  DemoSiteEnabled: flag,
});

type SetupBody = z.infer<typeof setupBody>;

/** Checks the admin account fields (spec 001 §5); returns the trimmed username. */
function validateAdminAccount(body: SetupBody): string {
  const username = normalizeUsername(body.username);
  if (username === '') throw badRequest('please enter the admin username');
  if ([...username].length > usernameMaxLength) throw badRequest(`the admin username must be at most ${usernameMaxLength} characters`);
  // The other rules of every username (printable characters only) hold for the first admin too.
  const checked = checkUsernameRule(username);
  if (!checked.ok) throw problemError(checked.problem);
  if (body.password.length < 8) throw badRequest('the password must be at least 8 characters');
  if (body.password !== body.confirmPassword) throw badRequest('the two passwords do not match');
  return username;
}

const alphanumeric = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A random code from the CSPRNG (rejection sampling keeps the 62 characters equally likely). */
function randomCode(length: number): string {
  let code = '';
  while (code.length < length) {
    for (const byte of crypto.randomBytes(length * 2)) {
      if (byte < 248 && code.length < length) code += alphanumeric[byte % 62];
    }
  }
  return code;
}

/** Route module: the first-run setup endpoints. */
export function registerSetupRoutes(app: FastifyInstance, context: AppContext): void {
  const access = accessFor(context);
  const setupProbe = createSetupProbe(context.db);

  app.get('/api/setup', access('public'), async () =>
    success({
      status: await setupProbe.isDone(),
      root_init: await rootUserExists(context.db),
      database_type: databaseTypeNames[context.database.kind],
    }),
  );

  app.post('/api/setup', access('public'), async (request) => {
    if (await setupProbe.isDone()) throw badRequest(alreadyInitialized);
    const body = parseInput(setupBody, request.body);
    const needsRoot = !(await rootUserExists(context.db));
    const username = needsRoot ? validateAdminAccount(body) : '';
    const passwordHash = needsRoot ? await bcrypt.hash(body.password, 10) : '';
    const now = Math.floor(Date.now() / 1000);
    try {
      await context.db.transaction().execute(async (transaction) => {
        // The fixed id turns a concurrent second setup into a primary-key violation on every engine.
        await transaction.insertInto('setups').values({ id: 1, version: serverVersion, initialized_at: now }).execute();
        if (!needsRoot || (await rootUserExists(transaction))) return;
        const taken = await transaction.selectFrom('users').select('id').where('username', '=', username).executeTakeFirst();
        if (taken) throw badRequest('the username is already taken');
        await transaction
          .insertInto('users')
          .values(newUserRow({ username, password: passwordHash, display_name: 'Root User', role: Role.Root, quota: rootInitialQuota, aff_code: randomCode(6), setting: '{}', created_at: now }))
          .execute();
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw badRequest(alreadyInitialized);
      throw error;
    }
    await context.options.set('SelfUseModeEnabled', body.SelfUseModeEnabled);
    await context.options.set('DemoSiteEnabled', body.DemoSiteEnabled);
    request.log.info({ selfUse: body.SelfUseModeEnabled, demo: body.DemoSiteEnabled, rootCreated: needsRoot }, 'first-run setup completed');
    return success(undefined, 'system initialized');
  });
}
