// Authenticates a relay call: the API key, its owner, its status, IP allow-list, group and channel pin.
import { BlockList, isIP } from 'node:net';
import { Role, TokenStatus, UserStatus } from '@turnpike/contract';
import type { AppContext } from '../context';
import type { ApiKeyRow, UserRow } from '../db/schema';
import { canUseGroup } from '../groups/group-policy';
import { effectiveStatus } from '../tokens/api-key-rules';
import { keyError, permissionError } from './relay-error';
import type { RelayKey } from './relay-key';

/** Who is calling and through which group. */
export interface RelayCaller {
  /** The API key, or null for session calls (the playground). */
  apiKey: ApiKeyRow | null;
  user: UserRow;
  /** The token's group, or else the user's group. */
  usingGroup: string;
  pinnedChannelId: number | null;
}

const allowListCache = new Map<string, BlockList>();

/** True when `ip` matches one line of the allow-list (an empty list allows everyone). */
export function ipAllowed(allowList: string, ip: string): boolean {
  if (!allowList.trim()) return true;
  let list = allowListCache.get(allowList);
  if (!list) {
    list = new BlockList();
    for (const line of allowList.split(/\r?\n/).map((entry) => entry.trim()).filter(Boolean)) {
      const [address, prefix] = line.split('/');
      const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
      if (prefix === undefined) list.addAddress(address, family);
      else list.addSubnet(address, Number(prefix), family);
    }
    if (allowListCache.size > 10_000) allowListCache.clear();
    allowListCache.set(allowList, list);
  }
  const normalised = ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
  return list.check(normalised, isIP(normalised) === 6 ? 'ipv6' : 'ipv4');
}

/** Checks the key and its owner; throws a RelayError (401/403) explaining why a call is refused. */
export async function authenticateCaller(context: AppContext, relayKey: RelayKey | null, ip: string): Promise<RelayCaller> {
  if (!relayKey) throw keyError('no API key was provided: send it as Authorization: Bearer sk-…');
  const apiKey = await context.caches.apiKeys.get(relayKey.key);
  if (!apiKey) throw keyError('invalid token');
  const now = Math.floor(Date.now() / 1000);
  const status = effectiveStatus(apiKey, now);
  if (status !== TokenStatus.Enabled) {
    if (status !== apiKey.status) {
      // Persist the automatic transition (expired / exhausted) so lists and other instances agree.
      await context.db.updateTable('tokens').set({ status }).where('id', '=', apiKey.id).where('status', '=', TokenStatus.Enabled).execute();
      context.caches.apiKeys.invalidate(apiKey.key);
    }
    const reasons: Record<number, string> = {
      [TokenStatus.Disabled]: 'the token has been disabled',
      [TokenStatus.Expired]: 'the token has expired',
      [TokenStatus.Exhausted]: 'the token quota is used up',
    };
    throw keyError(reasons[status] ?? 'the token is not usable', status === TokenStatus.Exhausted ? 'insufficient_quota' : 'invalid_api_key');
  }
  if (!ipAllowed(apiKey.allow_ips, ip)) throw permissionError(`this token may not be used from ${ip}`, 'ip_not_allowed');
  const user = await context.caches.users.get(apiKey.user_id);
  if (!user || user.deleted_at !== null) throw keyError('the owner of this token no longer exists');
  if (user.status !== UserStatus.Enabled) throw permissionError('this user has been banned', 'user_banned');
  const usingGroup = apiKey.group || user.group;
  if (apiKey.group && !canUseGroup(context.options, user.group, apiKey.group)) {
    throw permissionError(`the token group ${apiKey.group} is not available to this user`, 'group_not_allowed');
  }
  if (relayKey.pinnedChannelId !== null && user.role < Role.Admin) {
    throw permissionError('ordinary users cannot pin a channel', 'channel_pin_forbidden');
  }
  return { apiKey, user, usingGroup, pinnedChannelId: relayKey.pinnedChannelId };
}
