// Which groups a user may use and which ratio applies: UserUsableGroups, GroupRatio, GroupGroupRatio.
import { resolveGroupPricing } from '@turnpike/relay';
import type { OptionStore } from '../options/option-store';

/** Groups a user may pick for a token or the playground: the configured usable groups plus the user's own. */
export function usableGroups(options: OptionStore, userGroup: string): Record<string, string> {
  const groups = { ...options.json<Record<string, string>>('UserUsableGroups') };
  if (userGroup && !(userGroup in groups)) groups[userGroup] = 'user group';
  return groups;
}

/** True when the user may use the group (the special `auto` group counts when configured). */
export function canUseGroup(options: OptionStore, userGroup: string, group: string): boolean {
  return group in usableGroups(options, userGroup);
}

/** The ratio billed to a user of `userGroup` calling through `usingGroup`; an exclusive ratio replaces the group ratio. */
export function effectiveGroupRatio(options: OptionStore, userGroup: string, usingGroup: string): number {
  const tables = { groupRatio: options.json<Record<string, number>>('GroupRatio'), groupGroupRatio: options.json<Record<string, Record<string, number>>>('GroupGroupRatio') };
  return resolveGroupPricing(tables, userGroup, usingGroup).groupRatio;
}
