// The one owner of server-side HTTP to addresses a user chose (quota-warning webhooks, a task's notifyHook, a result
// image): only http(s), only to public unicast addresses (ipaddr.js's ranges: loopback, private, link-local, CGNAT,
// multicast, unique-local, reserved, IPv4-mapped and translated forms are refused), no redirects followed. Names are
// checked when the connection is made (a lookup of our own), so a name that resolved to a public address when it was
// saved and to an internal one later (DNS rebinding) is refused too. Operators may allow chosen addresses or blocks
// (OUTBOUND_ALLOW, e.g. an internal webhook receiver).
import dns from 'node:dns';
import ipaddr from 'ipaddr.js';
import { Agent, request } from 'undici';

/** The dns.lookup signature the connection check uses (injectable for tests). */
export type OutboundLookup = (hostname: string, options: dns.LookupAllOptions, callback: (error: NodeJS.ErrnoException | null, addresses: dns.LookupAddress[]) => void) => void;

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;

const systemLookup: OutboundLookup = (hostname, options, callback) => dns.lookup(hostname, options, callback);

/** True when `address` (an IP literal) is anything but a public unicast address (an unreadable one counts as internal). */
export function isInternalAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return true;
  return ipaddr.process(address).range() !== 'unicast';
}

/** Host names that only ever mean this machine or its cloud's metadata service. */
function isLocalName(host: string): boolean {
  return host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.internal') || host.endsWith('.local');
}

/** True for a URL host that is an IP literal (after WHATWG parsing: a dotted quad or an IPv6 address). */
function isAddressLiteral(host: string): boolean {
  return host.includes(':') ? ipaddr.IPv6.isValid(host) : ipaddr.IPv4.isValidFourPartDecimal(host);
}

/** True for a URL host (a name, or an IP literal with or without its brackets) that is a local name or an internal address. */
export function isInternalHost(host: string): boolean {
  const name = host.replace(/^\[|\]$/g, '').toLowerCase();
  return isLocalName(name) || (isAddressLiteral(name) && isInternalAddress(name));
}

/** Outbound calls under one allow-list: a dispatcher that checks each connection, and URL checks for saving. */
export class SafeOutbound {
  private readonly allowed: Array<[ipaddr.IPv4 | ipaddr.IPv6, number]>;
  /** The dispatcher that connects to public (or allowed) addresses only; it follows no redirects. */
  readonly dispatcher: Agent;

  constructor(
    allow: readonly string[] = [],
    private readonly lookup: OutboundLookup = systemLookup,
  ) {
    this.allowed = allow.map((entry) => (entry.includes('/') ? ipaddr.parseCIDR(entry) : ipaddr.parseCIDR(`${entry}/${ipaddr.parse(entry).kind() === 'ipv4' ? 32 : 128}`)));
    this.dispatcher = new Agent({ connect: { lookup: this.connectLookup as never, timeout: 10_000 }, headersTimeout: 10_000, bodyTimeout: 10_000 });
  }

  /** True when a connection to `address` may be made: a public address, or one the operator allowed. */
  addressAllowed(address: string): boolean {
    if (!isInternalAddress(address)) return true;
    if (!ipaddr.isValid(address)) return false;
    const parsed = ipaddr.process(address);
    return this.allowed.some(([range, bits]) => range.kind() === parsed.kind() && parsed.match(range, bits));
  }

  /** Why a URL may not be called, or null when it may (a name still has to resolve to an allowed address). */
  urlProblem(raw: string): string | null {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      return 'not a URL';
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return `the ${url.protocol} scheme is not allowed`;
    // WHATWG parsing already turned decimal, octal and hex IPv4 forms into dotted quads.
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (isAddressLiteral(host)) return this.addressAllowed(host) ? null : `${host} is not a public address`;
    if (isLocalName(host)) return `${host} is not a public address`;
    return null;
  }

  /** `urlProblem`, and for a name, whether it resolves to an internal address now (a name that does not resolve passes: it is checked again on each call). */
  async checkUrl(raw: string): Promise<string | null> {
    const problem = this.urlProblem(raw);
    if (problem) return problem;
    const host = new URL(raw).hostname.replace(/^\[|\]$/g, '');
    if (isAddressLiteral(host)) return null;
    const addresses = await new Promise<dns.LookupAddress[]>((resolve) => this.lookup(host, { all: true }, (error, list) => resolve(error ? [] : list)));
    const refused = addresses.find((entry) => !this.addressAllowed(entry.address));
    return refused ? `${host} resolves to an internal address` : null;
  }

  /** POSTs `body` to a URL it may call; rejects for refused targets, failures and timeouts. Returns the status. */
  async postJson(url: string, body: string, headers: Record<string, string> = {}): Promise<number> {
    const problem = this.urlProblem(url);
    if (problem) throw new Error(problem);
    const response = await request(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body, dispatcher: this.dispatcher });
    await response.body.dump();
    return response.statusCode;
  }

  /** dns.lookup that fails for names resolving to a refused address (every address of the name is checked). */
  private readonly connectLookup = (hostname: string, options: dns.LookupOptions, callback: LookupCallback): void => {
    this.lookup(hostname, { ...options, all: true }, (error, list) => {
      if (error) return callback(error, []);
      const refused = list.find((entry) => !this.addressAllowed(entry.address));
      if (refused || list.length === 0) return callback(Object.assign(new Error(`${hostname} resolves to an internal address`), { code: 'EACCES' }), []);
      if (options.all) return callback(null, list);
      return callback(null, list[0].address, list[0].family);
    });
  };
}
