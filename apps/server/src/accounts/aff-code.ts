// Affiliate (invitation) codes: short CSPRNG strings, unique among users.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { randomAlphanumeric } from '../tokens/api-key-generator';
import { isAffCodeTaken } from '../users/user-repository';

/** A new unused affiliate code: 4 letters/digits, one more character after every few collisions. */
export async function generateAffCode(db: Kysely<Database>): Promise<string> {
  for (let attempt = 0; ; attempt += 1) {
    const code = randomAlphanumeric(4 + Math.floor(attempt / 3));
    if (!(await isAffCodeTaken(db, code))) return code;
  }
}
