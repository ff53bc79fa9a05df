// The groups a user may pick (GET /api/user/self/groups) as ordered select options (spec 001 §6).

/** One group as the server describes it. */
export interface UsableGroupInfo {
  desc: string;
  ratio: number;
}

/** One group option: name, description and ratio. */
export interface UsableGroupOption {
  value: string;
  desc: string;
  ratio: number;
}

/** Reads the groups object defensively: entries that are not objects get an empty description and ratio 1. */
export function readUsableGroups(data: unknown): UsableGroupOption[] {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return [];
  return Object.entries(data as Record<string, unknown>).map(([value, info]) => {
    const record = typeof info === 'object' && info !== null ? (info as Partial<UsableGroupInfo>) : {};
    return {
      value,
      desc: typeof record.desc === 'string' ? record.desc : '',
      ratio: typeof record.ratio === 'number' ? record.ratio : 1,
    };
  });
}

/** Orders the options: the user's own group first, then `auto` in front of all when default_use_auto_group is on. */
export function orderUsableGroups(options: UsableGroupOption[], userGroup: string | undefined, autoFirst: boolean): UsableGroupOption[] {
  const ordered = [...options];
  const moveFirst = (name: string | undefined): void => {
    const index = name ? ordered.findIndex((option) => option.value === name) : -1;
    if (index > 0) ordered.unshift(...ordered.splice(index, 1));
  };
  moveFirst(userGroup);
  if (autoFirst) moveFirst('auto');
  return ordered;
}
