// Outbound HTTP to addresses a caller chose (a task's notifyHook, a result image): only http(s), and only to public
// addresses. The address is checked when the connection is made (a custom lookup), so a name that resolves to a
// public address when checked and to an internal one later (DNS rebinding) is refused too.
import dns from 'node:dns';
import { BlockList, isIP } from 'node:net';
import { Agent, request } from 'undici';

const internal = new BlockList();
for (const [address, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12], ['192.0.0.0', 24],
  ['192.168.0.0', 16], ['198.18.0.0', 15], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) internal.addSubnet(address, prefix, 'ipv4');
for (const [address, prefix] of [['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8], ['64:ff9b::', 96]] as const) internal.addSubnet(address, prefix, 'ipv6');

/** True when `address` (an IP literal) is loopback, private, link-local, multicast or otherwise not public. */
export function isInternalAddress(address: string): boolean {
  const mapped = address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
  const family = isIP(mapped);
  if (family === 0) return true;
  return internal.check(mapped, family === 6 ? 'ipv6' : 'ipv4');
}

/** Why a URL may not be called, or null when it may (its host still has to resolve to a public address). */
export function outboundUrlProblem(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'not a URL';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `the ${url.protocol} scheme is not allowed`;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) !== 0 && isInternalAddress(host)) return `${host} is not a public address`;
  if (host === 'localhost' || host.endsWith('.localhost')) return `${host} is not a public address`;
  return null;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;

/** dns.lookup that fails for names resolving to an internal address. */
function publicLookup(hostname: string, options: dns.LookupOptions, callback: LookupCallback): void {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const list = addresses as dns.LookupAddress[];
    const refused = list.find((entry) => isInternalAddress(entry.address));
    if (refused || list.length === 0) return callback(Object.assign(new Error(`${hostname} resolves to an internal address`), { code: 'EACCES' }), []);
    if (options.all) return callback(null, list);
    return callback(null, list[0].address, list[0].family);
  });
}

/** The dispatcher that connects to public addresses only. */
export const publicDispatcher = new Agent({ connect: { lookup: publicLookup as never, timeout: 10_000 }, headersTimeout: 10_000, bodyTimeout: 10_000 });

/** POSTs a JSON body to a public URL; rejects for internal targets, failures and timeouts. Returns the status. */
export async function postJsonToPublicUrl(url: string, body: string): Promise<number> {
  const problem = outboundUrlProblem(url);
  if (problem) throw new Error(problem);
  const response = await request(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body, dispatcher: publicDispatcher });
  await response.body.dump();
  return response.statusCode;
}
