// The groups a user may use with their ratio, and the models those groups offer.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { usableGroups } from '../groups/group-policy';
import type { OptionStore } from '../options/option-store';
import { modelsOfGroups } from './user-repository';

/** One usable group as `GET /api/user/self/groups` shows it. */
export interface UsableGroup {
  desc: string;
  ratio: number;
}

/** UserUsableGroups plus the user's own group, each with its GroupRatio (1 when the group has none). */
export function usableGroupsWithRatio(options: OptionStore, userGroup: string): Record<string, UsableGroup> {
  const ratios = options.json<Record<string, number>>('GroupRatio');
  const result: Record<string, UsableGroup> = {};
  for (const [group, desc] of Object.entries(usableGroups(options, userGroup))) result[group] = { desc, ratio: ratios[group] ?? 1 };
  return result;
}

/** Model names that enabled abilities offer in any group the user may use. */
export function modelsForUser(db: Kysely<Database>, options: OptionStore, userGroup: string): Promise<string[]> {
  return modelsOfGroups(db, Object.keys(usableGroups(options, userGroup)));
}
