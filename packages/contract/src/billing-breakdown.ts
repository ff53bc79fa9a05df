// The billing breakdown of a call: one row per billing unit (prompt tokens, cache reads, web-search calls, …), its
// quantity, its rate in quota units per one before the group ratio, and its integer share of the billed quota. The
// relay writes it into the usage log's `other.billing_breakdown`; the console renders it. Rows sum to the quota billed.

/** One billing unit of a call: `quantity × rate × group ratio`, apportioned to an integer `quota`. */
export interface BillingBreakdownRow {
  /** The unit's name (`prompt`, `completion`, `cache_read`, `cache_write`, `call`, `web_search`, …). */
  unit: string;
  quantity: number;
  /** Quota units per one of the unit, before the group ratio (a token's rate is its model ratio times its own ratio). */
  rate: number;
  /** The row's share of the billed quota; the rows of a breakdown add up to it. */
  quota: number;
}

/** The rows of a call, in billing order. */
export type BillingBreakdown = readonly BillingBreakdownRow[];

/**
 * Splits `total` into integers, one per share, that add up to `total`: each share gets its floor, and what is left
 * goes one unit at a time to the largest remainders (earlier rows first on ties). `shares` are exact numerators over
 * `denominator` (a positive integer), as bigints or as safe integers; the rule is the largest-remainder method.
 */
export function apportionQuota(total: number, shares: readonly bigint[], denominator: bigint): number[];
export function apportionQuota(total: number, shares: readonly number[], denominator: number): number[];
export function apportionQuota(total: number, shares: readonly bigint[] | readonly number[], denominator: bigint | number): number[] {
  const count = shares.length;
  const result: number[] = new Array<number>(count);
  const remainders: (bigint | number)[] = new Array<bigint | number>(count);
  let left = total;
  for (let index = 0; index < count; index += 1) {
    const share = shares[index];
    if (typeof share === 'bigint' && typeof denominator === 'bigint') {
      let floor = share / denominator;
      if (share % denominator < 0n) floor -= 1n;
      result[index] = Number(floor);
      remainders[index] = share - floor * denominator;
    } else {
      // Safe integers: `%` is exact, and so is dividing out what it leaves.
      const divisor = Number(denominator);
      let remainder = Number(share) % divisor;
      if (remainder < 0) remainder += divisor;
      result[index] = (Number(share) - remainder) / divisor;
      remainders[index] = remainder;
    }
    left -= result[index];
  }
  // A breakdown has a handful of rows: picking the largest remainder each time beats sorting them.
  const given: boolean[] = new Array<boolean>(count).fill(false);
  for (let step = 0; left > 0 && step < count; step += 1, left -= 1) {
    let best = -1;
    for (let index = 0; index < count; index += 1) {
      if (!given[index] && (best < 0 || remainders[index] > remainders[best])) best = index;
    }
    given[best] = true;
    result[best] += 1;
  }
  // Only negative shares (or a total below the floors) leave a difference here; it lands on the first row.
  if (left !== 0 && count > 0) result[0] += left;
  return result;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const finite = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** Reads `other.billing_breakdown`; undefined when absent or not a list of well-formed rows. */
export function readBillingBreakdown(value: unknown): BillingBreakdownRow[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const rows: BillingBreakdownRow[] = [];
  for (const item of value) {
    if (!isRecord(item) || typeof item.unit !== 'string' || !finite(item.quantity) || !finite(item.rate) || !finite(item.quota)) return undefined;
    rows.push({ unit: item.unit, quantity: item.quantity, rate: item.rate, quota: item.quota });
  }
  return rows;
}

/** The legacy `other` fields (spec 001 §3) a breakdown can be derived from, for log rows written before breakdowns. */
export interface LegacyBillingFields {
  model_ratio?: number;
  model_price?: number;
  completion_ratio?: number;
  cache_tokens?: number;
  cache_ratio?: number;
  cache_creation_tokens?: number;
  cache_creation_ratio?: number;
}

/** A legacy record's numbers: its token counts, billed quota and the quota per dollar that turns a price into quota. */
export interface LegacyBillingRecord {
  promptTokens: number;
  completionTokens: number;
  quota: number;
  quotaPerUnit: number;
}

/** Fixed-point scale of rates when a legacy breakdown apportions its quota (rates are logged as decimal numbers). */
const legacyScale = 1_000_000n;

/**
 * The breakdown of a record logged without one, from its legacy ratio fields: a fixed price is one `call` at
 * model_price × quota per unit; otherwise prompt (less cache reads and writes), cache reads, cache writes and completion
 * at model ratio × their ratio. The logged quota is apportioned over the rows, so they still add up to it.
 */
export function breakdownFromLegacyFields(other: LegacyBillingFields, record: LegacyBillingRecord): BillingBreakdownRow[] {
  const rows: Array<Omit<BillingBreakdownRow, 'quota'>> = [];
  if (other.model_price !== undefined && other.model_price >= 0) {
    rows.push({ unit: 'call', quantity: 1, rate: other.model_price * record.quotaPerUnit });
  } else {
    const modelRatio = other.model_ratio ?? 0;
    const cached = Math.max(0, other.cache_tokens ?? 0);
    const created = Math.max(0, other.cache_creation_tokens ?? 0);
    rows.push({ unit: 'prompt', quantity: Math.max(0, record.promptTokens - cached - created), rate: modelRatio });
    if (cached > 0) rows.push({ unit: 'cache_read', quantity: cached, rate: modelRatio * (other.cache_ratio ?? 1) });
    if (created > 0) rows.push({ unit: 'cache_write', quantity: created, rate: modelRatio * (other.cache_creation_ratio ?? 1) });
    rows.push({ unit: 'completion', quantity: record.completionTokens, rate: modelRatio * (other.completion_ratio ?? 1) });
  }
  const weights = rows.map((row) => BigInt(Math.round(row.quantity * row.rate * Number(legacyScale))));
  const total = weights.reduce((sum, weight) => sum + weight, 0n);
  // Shares of the logged quota in proportion to each row's weight (all on the first row when every weight is 0).
  const shares = total === 0n ? weights.map((_, index) => (index === 0 ? BigInt(record.quota) : 0n)) : weights.map((weight) => weight * BigInt(record.quota));
  const quotas = apportionQuota(record.quota, shares, total === 0n ? 1n : total);
  return rows.map((row, index) => ({ ...row, quota: quotas[index] }));
}
