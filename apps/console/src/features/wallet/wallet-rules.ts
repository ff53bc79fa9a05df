// Pure rules of the wallet: top-up amount, its preconditions, pay methods and the pay answer (spec 001 §5 Wallet, §7).

/** One online payment method from the `pay_methods` store key. */
export interface PayMethod {
  name: string;
  type: string;
  color?: string;
}

/** Why an online top-up cannot start. */
export type TopUpProblem = 'notEnabled' | 'belowMinimum';

/** A top-up amount as an integer; anything below 1 (or not a number) is raised to 1. */
export function normalizeTopUpAmount(value: unknown): number {
  const amount = Math.trunc(Number(value));
  return Number.isFinite(amount) && amount >= 1 ? amount : 1;
}

/** The problem with starting an online top-up of `amount`, or null: the feature must be on and the amount at least the minimum. */
export function topUpProblem(amount: number, minimum: number, enabled: boolean): TopUpProblem | null {
  if (!enabled) return 'notEnabled';
  if (amount < minimum) return 'belowMinimum';
  return null;
}

/** The smallest amount the form allows: the configured minimum, never below 1. */
export function minimumTopUp(minTopUp: unknown): number {
  const minimum = Math.ceil(Number(minTopUp));
  return Number.isFinite(minimum) && minimum > 1 ? minimum : 1;
}

const fallbackColors: Record<string, string> = { zfb: '#1677ff', wx: '#52c41a', stripe: '#635bff' };

/** A usable CSS colour for a method: its own unless it names a theme variable this console lacks, else one per type. */
export function payMethodColor(method: PayMethod): string | undefined {
  if (method.color && !method.color.includes('var(')) return method.color;
  return fallbackColors[method.type];
}

/** Reads the stored pay methods: a list of {name, type}; null when the text is not a JSON list (configuration error). */
export function parsePayMethods(raw: string | null): PayMethod[] | null {
  if (raw === null || raw === '') return [];
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return null;
    return value
      .filter((item): item is Record<string, unknown> => typeof item === 'object' && item !== null)
      .filter((item) => typeof item.name === 'string' && item.name !== '' && typeof item.type === 'string' && item.type !== '')
      .map((item) => ({ name: String(item.name), type: String(item.type), color: typeof item.color === 'string' ? item.color : undefined }));
  } catch {
    return null;
  }
}

/** Where the browser sends the payment form (POST, or GET for a checkout page), and the form's fields. */
export interface PayForm {
  url: string;
  method: 'POST' | 'GET';
  fields: Record<string, string>;
}

/** Reads POST /api/user/pay's data: `{url, method?, fields}`, or the older `{url, data: {fields}}` / `{url, ...fields}`; null without a url. */
export function parsePayAnswer(data: unknown): PayForm | null {
  if (typeof data !== 'object' || data === null) return null;
  const { url, method, fields: listed, data: nested, trade_no: _tradeNo, ...rest } = data as Record<string, unknown>;
  if (typeof url !== 'string' || url === '') return null;
  const pick = (value: unknown): Record<string, unknown> | null => (typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null);
  const source = pick(listed) ?? pick(nested) ?? rest;
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(source)) {
    if (value !== undefined && value !== null) fields[key] = String(value);
  }
  return { url, method: method === 'GET' ? 'GET' : 'POST', fields };
}

/** The trade number the payment gateway sends the browser back with (`out_trade_no`), or null. */
export function returnedTradeNo(search: URLSearchParams): string | null {
  const tradeNo = (search.get('out_trade_no') ?? '').trim();
  return tradeNo === '' ? null : tradeNo;
}

/** The preset amounts at or above the minimum (new-api's amount options). */
export function presetAmounts(presets: readonly number[], minimum: number): number[] {
  return presets.filter((amount) => amount >= minimum);
}

/** Formats a payable amount with two decimals. */
export function formatMoney(value: number): string {
  return Number.isFinite(value) ? value.toFixed(2) : '0.00';
}
