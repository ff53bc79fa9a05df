// Pure rules of the model pricing editor (spec 001 §2, §4, §5): rows, modes, price ⇄ ratio conversion, batch set.

/** Rows per page of the pricing editor and the unset-models table (spec 001 §9). */
export const PricingPageSize = 10;

/** Per-token pricing (model ratio and completion ratio) or per-request pricing (a fixed price in USD). */
export type PricingMode = 'token' | 'request';

/** One editable row; values are kept as typed text until saved. */
export interface PricingRow {
  name: string;
  mode: PricingMode;
  price: string;
  ratio: string;
  completionRatio: string;
}

/** The three pricing maps the editor writes. */
export interface PricingMaps {
  ModelPrice: Record<string, number>;
  ModelRatio: Record<string, number>;
  CompletionRatio: Record<string, number>;
}

/** Why an input or a save was refused; each maps to one of the spec's messages. */
export type PricingProblem = 'notNumber' | 'zeroPrice' | 'duplicateName' | 'nameRequired' | 'noSelection' | 'bothRequired' | 'valueRequired';

/** Batch set modes: fixed price, model ratio, completion ratio, or both ratios. */
export type BatchMode = 'price' | 'ratio' | 'completion' | 'both';

/** Values entered in the batch dialog. */
export interface BatchValues {
  value?: string;
  ratio?: string;
  completionRatio?: string;
}

/** Reads a JSON map of model → number from option text; anything unreadable gives an empty map. */
export function parseNumberMap(text: string | undefined): Record<string, number> {
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
    const map: Record<string, number> = {};
    for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
      if (typeof child === 'number' && Number.isFinite(child)) map[key] = child;
    }
    return map;
  } catch {
    return {};
  }
}

/** Shows a number without float noise (0.1 + 0.2 → "0.3"). */
export function formatPricingNumber(value: number): string {
  return String(Number(value.toPrecision(12)));
}

/** True when the text is a finite number. */
export function isNumericText(text: string | undefined): boolean {
  if (text === undefined) return false;
  const trimmed = text.trim();
  return trimmed !== '' && Number.isFinite(Number(trimmed));
}

/** True when a half-typed input may still become a number ("", "1.", "-", "0.0"). */
export function isNumberDraft(text: string): boolean {
  return /^-?\d*\.?\d*$/.test(text.trim());
}

/** Rows for the union of priced models and the enabled models, sorted by name; a fixed price makes a row per-request. */
export function buildPricingRows(maps: PricingMaps, enabledModels: readonly string[] = []): PricingRow[] {
  const names = new Set([...Object.keys(maps.ModelPrice), ...Object.keys(maps.ModelRatio), ...Object.keys(maps.CompletionRatio), ...enabledModels]);
  const text = (value: number | undefined): string => (value === undefined ? '' : formatPricingNumber(value));
  return [...names]
    .sort((left, right) => left.localeCompare(right))
    .map((name) => ({
      name,
      mode: maps.ModelPrice[name] !== undefined ? 'request' : 'token',
      price: text(maps.ModelPrice[name]),
      ratio: text(maps.ModelRatio[name]),
      completionRatio: text(maps.CompletionRatio[name]),
    }));
}

/** True when a row has neither a fixed price nor a model ratio (the model cannot be billed). */
export function isUnpriced(row: PricingRow): boolean {
  return row.mode === 'request' ? row.price.trim() === '' : row.ratio.trim() === '';
}

/** The first row that cannot be saved: a per-request row needs a price; every filled value must be numeric. */
export function findInvalidRow(rows: readonly PricingRow[]): { name: string; problem: PricingProblem } | null {
  for (const row of rows) {
    if (row.mode === 'request') {
      if (!isNumericText(row.price)) return { name: row.name, problem: 'notNumber' };
      continue;
    }
    for (const value of [row.ratio, row.completionRatio]) {
      if (value.trim() !== '' && !isNumericText(value)) return { name: row.name, problem: 'notNumber' };
    }
  }
  return null;
}

/** The maps to save: a per-request row writes only its price, a per-token row only its ratios (the other mode's fields are cleared). */
export function serializePricingRows(rows: readonly PricingRow[]): PricingMaps {
  const maps: PricingMaps = { ModelPrice: {}, ModelRatio: {}, CompletionRatio: {} };
  for (const row of rows) {
    if (row.mode === 'request') {
      if (isNumericText(row.price)) maps.ModelPrice[row.name] = Number(row.price);
      continue;
    }
    if (isNumericText(row.ratio)) maps.ModelRatio[row.name] = Number(row.ratio);
    if (isNumericText(row.completionRatio)) maps.CompletionRatio[row.name] = Number(row.completionRatio);
  }
  return maps;
}

/** Dollar prices per 1M tokens → ratios: ratio = input / 2, completion ratio = output / input (output optional). */
export function pricesToRatios(inputPrice: string, outputPrice: string): { ratio: string; completionRatio: string } | PricingProblem {
  if (!isNumericText(inputPrice)) return 'notNumber';
  const input = Number(inputPrice);
  if (input === 0) return 'zeroPrice';
  const outputText = outputPrice.trim();
  if (outputText !== '' && !isNumericText(outputText)) return 'notNumber';
  return {
    ratio: formatPricingNumber(input / 2),
    completionRatio: outputText === '' ? '' : formatPricingNumber(Number(outputText) / input),
  };
}

/** Ratios → dollar prices per 1M tokens (input = ratio × 2, output = input × completion ratio, default 1); null when unset. */
export function ratiosToPrices(ratio: string, completionRatio: string): { input: string; output: string } | null {
  if (!isNumericText(ratio)) return null;
  const input = Number(ratio) * 2;
  const completion = isNumericText(completionRatio) ? Number(completionRatio) : 1;
  return { input: formatPricingNumber(input), output: formatPricingNumber(input * completion) };
}

/** Checks the values of a batch set; returns the problem or null. */
export function batchProblem(mode: BatchMode, values: BatchValues, selectedCount: number): PricingProblem | null {
  if (selectedCount === 0) return 'noSelection';
  if (mode === 'both') {
    if (!values.ratio?.trim() || !values.completionRatio?.trim()) return 'bothRequired';
    return isNumericText(values.ratio) && isNumericText(values.completionRatio) ? null : 'notNumber';
  }
  if (!values.value?.trim()) return 'valueRequired';
  return isNumericText(values.value) ? null : 'notNumber';
}

/** Applies a batch set to the rows named in `selected`; a price makes them per-request, ratios make them per-token. */
export function applyBatch(rows: readonly PricingRow[], selected: ReadonlySet<string>, mode: BatchMode, values: BatchValues): PricingRow[] {
  const clean = (text: string | undefined): string => formatPricingNumber(Number(text));
  return rows.map((row) => {
    if (!selected.has(row.name)) return row;
    switch (mode) {
      case 'price':
        return { ...row, mode: 'request', price: clean(values.value) };
      case 'ratio':
        return { ...row, mode: 'token', ratio: clean(values.value) };
      case 'completion':
        return { ...row, mode: 'token', completionRatio: clean(values.value) };
      default:
        return { ...row, mode: 'token', ratio: clean(values.ratio), completionRatio: clean(values.completionRatio) };
    }
  });
}

/** Enabled models with neither a fixed price nor a model ratio, in name order. */
export function findUnsetModels(enabledModels: readonly string[], maps: Pick<PricingMaps, 'ModelPrice' | 'ModelRatio'>): string[] {
  return [...new Set(enabledModels)]
    .filter((name) => maps.ModelPrice[name] === undefined && maps.ModelRatio[name] === undefined)
    .sort((left, right) => left.localeCompare(right));
}

/** Merges rows priced in a dialog into the existing maps (each row's other mode is removed). */
export function mergePricedRows(maps: PricingMaps, rows: readonly PricingRow[]): PricingMaps {
  const next: PricingMaps = { ModelPrice: { ...maps.ModelPrice }, ModelRatio: { ...maps.ModelRatio }, CompletionRatio: { ...maps.CompletionRatio } };
  const written = serializePricingRows(rows);
  for (const row of rows) {
    delete next.ModelPrice[row.name];
    delete next.ModelRatio[row.name];
    delete next.CompletionRatio[row.name];
  }
  Object.assign(next.ModelPrice, written.ModelPrice);
  Object.assign(next.ModelRatio, written.ModelRatio);
  Object.assign(next.CompletionRatio, written.CompletionRatio);
  return next;
}
