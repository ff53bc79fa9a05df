// What every pass-through stream usage reader shares: a framer fed the forwarded bytes, the latest usage, and the
// generated text collected on request. Each format says only how to frame its stream and read one frame.
import type { CanonicalUsage } from './canonical-model';

/** Splits forwarded bytes into the frames a reader inspects (SSE events, JSON array elements). */
export interface StreamFramer {
  push(chunk: Uint8Array): void;
  end(): void;
}

/** Options of every stream usage reader. */
export interface StreamUsageReaderOptions {
  /** Also accumulate the generated text, to estimate usage when the upstream reports none. */
  collectText?: boolean;
}

/**
 * Three times a cheap token estimate of `text` that errs high: a token per 3 ASCII characters (o200k averages about
 * 4) and one per other character (CJK averages slightly under one). Summable over pieces; divide by 3 and round up.
 */
export function roughTokenWeight(text: string): number {
  let weight = 0;
  for (let index = 0; index < text.length; index += 1) weight += text.charCodeAt(index) < 128 ? 1 : 3;
  return weight;
}

/** The shared half of a pass-through usage reader; subclasses create `framer` and read its frames. */
export abstract class BaseStreamUsageReader {
  protected readonly collectText: boolean;
  protected latestUsage: CanonicalUsage | undefined = undefined;
  /**
   * The generated text as the bytes of one JSON string's content (raw UTF-8, escapes kept as the upstream sent
   * them): text found by a byte scan is copied as it is, without decoding it per chunk. Decoded when read.
   */
  private textBytes: Buffer | null = null;
  private textLength = 0;
  /** Whether the bytes hold escapes, so reading them needs `JSON.parse`. */
  private textEscaped = false;
  private collectedWeight = 0;
  protected abstract readonly framer: StreamFramer;

  constructor(options: StreamUsageReaderOptions = {}) {
    this.collectText = options.collectText ?? false;
  }

  /** Feeds bytes exactly as they are forwarded to the client. */
  push(chunk: Uint8Array): void {
    this.framer.push(chunk);
  }

  /** Marks the end of the upstream stream. */
  end(): void {
    this.framer.end();
  }

  /** The usage reported so far, if any. */
  get usage(): CanonicalUsage | undefined {
    return this.latestUsage;
  }

  /** The generated text so far (empty unless `collectText`). */
  get text(): string {
    if (this.textBytes === null) return '';
    const raw = this.textBytes.toString('utf8', 0, this.textLength);
    return this.textEscaped ? (JSON.parse(`"${raw}"`) as string) : raw;
  }

  /** A rough token count of the generated text so far (see `roughTokenWeight`), without joining it. */
  get roughTokens(): number {
    return Math.ceil(this.collectedWeight / 3);
  }

  /** Collects one piece of generated text when it is a non-empty string. */
  protected collect(value: unknown): void {
    if (typeof value !== 'string' || value.length === 0) return;
    this.collectedWeight += roughTokenWeight(value);
    // As JSON string content: only characters JSON must escape (and lone surrogates) change.
    const json = JSON.stringify(value);
    if (json.length !== value.length + 2) this.textEscaped = true;
    const length = Buffer.byteLength(json) - 2;
    this.reserveText(length);
    (this.textBytes as Buffer).write(json.slice(1, -1), this.textLength, 'utf8');
    this.textLength += length;
  }

  /**
   * Collects a piece of generated text found by a byte scan: `bytes[start, end)` is the raw content of a JSON string
   * (well-formed UTF-8; `escaped` when it holds escapes), `weight` its `roughTokenWeight`.
   */
  protected collectRaw(bytes: Buffer, start: number, end: number, escaped: boolean, weight: number): void {
    this.collectedWeight += weight;
    if (escaped) this.textEscaped = true;
    this.reserveText(end - start);
    bytes.copy(this.textBytes as Buffer, this.textLength, start, end);
    this.textLength += end - start;
  }

  private reserveText(more: number): void {
    const needed = this.textLength + more;
    if (this.textBytes !== null && needed <= this.textBytes.length) return;
    const grown = Buffer.allocUnsafe(Math.max(256, needed, (this.textBytes?.length ?? 0) * 2));
    this.textBytes?.copy(grown, 0, 0, this.textLength);
    this.textBytes = grown;
  }
}
