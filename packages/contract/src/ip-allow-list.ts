// IP allow-lists of API tokens: one IPv4/IPv6 address or CIDR block per line, checked without Node's `net` so the console can run it.

const ipv4Part = /^(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;
const ipv6Group = /^[0-9a-f]{1,4}$/i;

/** True for a dotted IPv4 address (no leading zeros). */
export function isIPv4(text: string): boolean {
  const parts = text.split('.');
  return parts.length === 4 && parts.every((part) => ipv4Part.test(part));
}

/** True for an IPv6 address: eight groups, one `::` gap, an IPv4 tail, an optional `%zone`. */
export function isIPv6(text: string): boolean {
  const address = text.replace(/%[\w.-]+$/, '');
  const halves = address.split('::');
  if (halves.length > 2) return false;
  const groups = halves.flatMap((half) => (half === '' ? [] : half.split(':')));
  let width = groups.length;
  const last = groups.at(-1);
  if (last !== undefined && last.includes('.')) {
    if (!isIPv4(last)) return false;
    groups.pop();
    width += 1;
  }
  if (!groups.every((group) => ipv6Group.test(group))) return false;
  return halves.length === 2 ? width <= 7 : width === 8;
}

/** True when every non-empty line is an IPv4/IPv6 address or CIDR block. */
export function isValidAllowList(text: string): boolean {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .every((line) => {
      const [address, prefix, extra] = line.split('/');
      const bits = isIPv4(address) ? 32 : isIPv6(address) ? 128 : 0;
      if (bits === 0 || extra !== undefined) return false;
      if (prefix === undefined) return true;
      return /^\d+$/.test(prefix) && Number(prefix) <= bits;
    });
}
