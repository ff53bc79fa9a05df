// Reads the few values billing needs out of a stream chunk's JSON bytes without building the chunk as objects: a
// validating walk of the bytes that follows a small schema of paths (`choices[].delta.content`, `usage`, …). It
// answers either with what it found (at most one text span, the latest usage object's span, a captured string) or
// "parse it": anything it does not read exactly as `JSON.parse` would (two text values, whose order the reference
// reader decides; a key repeated in one object; an escaped key; a path the schema marks for parsing; invalid JSON or
// UTF-8; deep nesting), so a caller that then parses the chunk the ordinary way gets the same result either way.

/** What a schema path does with its value. */
export type ScanAction =
  /** An object whose keys lead further. */
  | { kind: 'object'; keys: Readonly<Record<string, ScanPath>> }
  /** An array whose elements (or only the first) lead further. */
  | { kind: 'array'; element: ScanPath; firstOnly?: boolean }
  /** A string of generated text (other values are ignored). */
  | { kind: 'text' }
  /** A string kept as the latest of its kind (a finish reason). */
  | { kind: 'capture' }
  /** An object whose bytes are kept (the usage object), other values ignored. */
  | { kind: 'span' }
  /** An object or array here makes the chunk one to parse. */
  | { kind: 'parse' }
  /** A string among these makes the chunk one to parse. */
  | { kind: 'parse-if'; values: readonly string[] };

/** A schema node; built once per format with `compileScanPath`. */
export interface ScanPath {
  readonly action: ScanAction;
}

const OBJECT = 1;
const ARRAY = 2;
const TEXT = 3;
const CAPTURE = 4;
const SPAN = 5;
const PARSE = 6;
const PARSE_IF = 7;
const kinds: Record<ScanAction['kind'], number> = { object: OBJECT, array: ARRAY, text: TEXT, capture: CAPTURE, span: SPAN, parse: PARSE, 'parse-if': PARSE_IF };

/** A schema node in the one shape the walk reads (so its property reads stay monomorphic). */
export class CompiledScanPath {
  constructor(
    readonly kind: number,
    readonly keys: readonly Uint8Array[],
    readonly children: readonly CompiledScanPath[],
    readonly element: CompiledScanPath | null,
    readonly firstOnly: boolean,
    readonly values: readonly Uint8Array[],
  ) {}
}

/** Prepares a schema for the walk. */
export function compileScanPath(path: ScanPath): CompiledScanPath {
  const action = path.action;
  const kind = kinds[action.kind];
  if (action.kind === 'object') {
    const entries = Object.entries(action.keys);
    if (entries.length > 30) throw new Error('a scan path object takes at most 30 keys');
    return new CompiledScanPath(kind, entries.map(([key]) => Buffer.from(key, 'utf8')), entries.map(([, child]) => compileScanPath(child)), null, false, []);
  }
  if (action.kind === 'array') return new CompiledScanPath(kind, [], [], compileScanPath(action.element), action.firstOnly === true, []);
  return new CompiledScanPath(kind, [], [], null, false, action.kind === 'parse-if' ? action.values.map((value) => Buffer.from(value, 'utf8')) : []);
}

/** Shorthand for an object path. */
export const scanObject = (keys: Record<string, ScanPath>): ScanPath => ({ action: { kind: 'object', keys } });
/** Shorthand for an array path (`firstOnly`: only its first element leads further). */
export const scanArray = (element: ScanPath, firstOnly = false): ScanPath => ({ action: { kind: 'array', element, firstOnly } });
/** Shorthand for a text path. */
export const scanText: ScanPath = { action: { kind: 'text' } };

/** The walk's answer: `parse` when the chunk must be parsed the ordinary way; otherwise the spans it found. */
export class JsonScanResult {
  /** The walk that fills this result (kept, so a scan allocates nothing). */
  readonly walk: JsonWalk = new JsonWalk(this);
  parse = false;
  /** The non-empty text string found (its raw, still escaped bytes between the quotes), or -1. */
  textStart = -1;
  textEnd = -1;
  /** `roughTokenWeight` of the decoded text. */
  textWeight = 0;
  /** Whether the text holds escapes (it then needs JSON decoding). */
  textEscaped = false;
  captureStart = -1;
  captureEnd = -1;
  spanStart = -1;
  spanEnd = -1;

  reset(): void {
    this.parse = false;
    this.textStart = -1;
    this.textEnd = -1;
    this.textWeight = 0;
    this.textEscaped = false;
    this.captureStart = -1;
    this.captureEnd = -1;
    this.spanStart = -1;
    this.spanEnd = -1;
  }
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const COLON = 0x3a;
const COMMA = 0x2c;
const MINUS = 0x2d;
const PLUS = 0x2b;
const DOT = 0x2e;
const ZERO = 0x30;
const NINE = 0x39;
const maxDepth = 64;
const TRUE = Buffer.from('true');
const FALSE = Buffer.from('false');
const NULL = Buffer.from('null');

function isWhitespace(byte: number | undefined): boolean {
  return byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;
}

function hexValue(byte: number | undefined): number {
  if (byte === undefined) return -1;
  if (byte >= ZERO && byte <= NINE) return byte - ZERO;
  const lower = byte | 0x20;
  return lower >= 0x61 && lower <= 0x66 ? lower - 0x61 + 10 : -1;
}

/** Signals invalid JSON (or something the walk does not read exactly): the caller parses the chunk instead. */
class Unreadable extends Error {}
const unreadable = new Unreadable('unreadable');

/**
 * Walks `bytes[start, end)` (one JSON value with optional whitespace) along `root`, filling `result`. Never throws.
 * Reusing one `JsonScanResult` per reader keeps the walk free of allocations.
 */
export function scanJson(bytes: Buffer, start: number, end: number, root: CompiledScanPath, result: JsonScanResult): JsonScanResult {
  result.reset();
  const walk = result.walk;
  walk.bytes = bytes;
  walk.end = end;
  try {
    walk.position = start;
    walk.skipWhitespace();
    walk.value(root, 0);
    walk.skipWhitespace();
    if (walk.position !== end) throw unreadable;
  } catch (error) {
    if (error !== unreadable && !(error instanceof RangeError)) throw error;
    result.parse = true;
  }
  walk.bytes = empty;
  return result;
}

const empty = Buffer.alloc(0);

/** The walk over one chunk's bytes (one per result, reused). */
class JsonWalk {
  position = 0;
  bytes: Buffer = empty;
  end = 0;
  /** The string the last `string()` call read had escapes / bytes beyond ASCII. */
  private escaped = false;
  private nonAscii = false;

  constructor(private readonly result: JsonScanResult) {}

  skipWhitespace(): void {
    while (this.position < this.end && isWhitespace(this.bytes[this.position])) this.position += 1;
  }

  /** The byte at `index`, or undefined past the end of the value's span. */
  private at(index: number): number | undefined {
    return index < this.end ? this.bytes[index] : undefined;
  }

  /** Reads one value at `position`, following `path` (null: an irrelevant value, only checked). */
  value(path: CompiledScanPath | null, depth: number): void {
    if (depth > maxDepth) throw unreadable;
    const byte = this.at(this.position);
    const kind = path === null ? 0 : path.kind;
    if (byte === OPEN_BRACE || byte === OPEN_BRACKET) {
      // A container where text or a parse mark stands (content parts, a tool call): the parser reads it.
      if (kind === PARSE || kind === TEXT) throw unreadable;
      const start = this.position;
      if (byte === OPEN_BRACE) this.object(kind === OBJECT ? path : null, depth);
      else this.array(kind === ARRAY ? path : null, depth);
      if (kind === SPAN && byte === OPEN_BRACE) {
        this.result.spanStart = start;
        this.result.spanEnd = this.position;
      }
    } else if (byte === QUOTE) {
      const start = this.position + 1;
      this.string();
      const stringEnd = this.position - 1;
      if (kind === TEXT) this.text(start, stringEnd);
      else if (kind === CAPTURE) {
        if (this.escaped) throw unreadable;
        this.result.captureStart = start;
        this.result.captureEnd = stringEnd;
      } else if (kind === PARSE_IF && this.matchesAny(start, stringEnd, (path as CompiledScanPath).values)) throw unreadable;
    } else this.literal();
  }

  private text(start: number, end: number): void {
    if (start === end) return;
    // Two text values in one chunk: the reference reader's order decides their concatenation, so it reads them.
    if (this.result.textStart !== -1) throw unreadable;
    if (this.nonAscii && !isUtf8Span(this.bytes, start, end)) throw unreadable;
    this.result.textStart = start;
    this.result.textEnd = end;
    this.result.textEscaped = this.escaped;
    this.result.textWeight = this.escaped || this.nonAscii ? escapedWeight(this.bytes, start, end) : end - start;
  }

  private matchesAny(start: number, end: number, values: readonly Uint8Array[]): boolean {
    if (this.escaped) return true;
    for (const value of values) if (this.spells(value, start, end)) return true;
    return false;
  }

  /** Whether `bytes[start, end)` are the bytes of `word`. */
  private spells(word: Uint8Array, start: number, end: number): boolean {
    if (word.length !== end - start) return false;
    const bytes = this.bytes;
    for (let index = 0; index < word.length; index += 1) if (bytes[start + index] !== word[index]) return false;
    return true;
  }

  private object(path: CompiledScanPath | null, depth: number): void {
    this.position += 1;
    this.skipWhitespace();
    if (this.at(this.position) === CLOSE_BRACE) {
      this.position += 1;
      return;
    }
    const keys = path === null ? null : path.keys;
    let seen = 0;
    for (;;) {
      if (this.at(this.position) !== QUOTE) throw unreadable;
      const keyStart = this.position + 1;
      this.string();
      const keyEnd = this.position - 1;
      let child: CompiledScanPath | null = null;
      if (keys !== null) {
        // An escaped key may spell one of ours: the parser reads it.
        if (this.escaped) throw unreadable;
        for (let index = 0; index < keys.length; index += 1) {
          if (this.spells(keys[index] as Uint8Array, keyStart, keyEnd)) {
            // A repeated key: JSON.parse keeps the last value; the parser reads it.
            if ((seen & (1 << index)) !== 0) throw unreadable;
            seen |= 1 << index;
            child = (path as CompiledScanPath).children[index] as CompiledScanPath;
            break;
          }
        }
      }
      this.skipWhitespace();
      if (this.at(this.position) !== COLON) throw unreadable;
      this.position += 1;
      this.skipWhitespace();
      this.value(child, depth + 1);
      this.skipWhitespace();
      const next = this.at(this.position);
      this.position += 1;
      if (next === CLOSE_BRACE) return;
      if (next !== COMMA) throw unreadable;
      this.skipWhitespace();
    }
  }

  private array(path: CompiledScanPath | null, depth: number): void {
    this.position += 1;
    this.skipWhitespace();
    if (this.at(this.position) === CLOSE_BRACKET) {
      this.position += 1;
      return;
    }
    const element = path === null ? null : path.element;
    const firstOnly = path !== null && path.firstOnly;
    for (let index = 0; ; index += 1) {
      this.value(firstOnly && index > 0 ? null : element, depth + 1);
      this.skipWhitespace();
      const next = this.at(this.position);
      this.position += 1;
      if (next === CLOSE_BRACKET) return;
      if (next !== COMMA) throw unreadable;
      this.skipWhitespace();
    }
  }

  /** Reads a string at `position` (its opening quote), checking escapes and control characters. */
  private string(): void {
    const bytes = this.bytes;
    const end = this.end;
    let escaped = false;
    let nonAscii = false;
    let index = this.position + 1;
    for (;;) {
      if (index >= end) throw unreadable;
      const byte = bytes[index] as number;
      if (byte === QUOTE) break;
      if (byte === BACKSLASH) {
        escaped = true;
        const next = bytes[index + 1];
        if (next === 0x75) {
          if (index + 6 > end) throw unreadable;
          for (let digit = 2; digit < 6; digit += 1) if (hexValue(bytes[index + digit]) < 0) throw unreadable;
          index += 6;
        } else if (next === QUOTE || next === BACKSLASH || next === 0x2f || next === 0x62 || next === 0x66 || next === 0x6e || next === 0x72 || next === 0x74) index += 2;
        else throw unreadable;
        continue;
      }
      if (byte < 0x20) throw unreadable;
      if (byte >= 0x80) nonAscii = true;
      index += 1;
    }
    this.position = index + 1;
    this.escaped = escaped;
    this.nonAscii = nonAscii;
  }

  /** Reads a number, `true`, `false` or `null`. */
  private literal(): void {
    const byte = this.at(this.position);
    if (byte === 0x74) return this.word(TRUE);
    if (byte === 0x66) return this.word(FALSE);
    if (byte === 0x6e) return this.word(NULL);
    let index = this.position;
    if (this.at(index) === MINUS) index += 1;
    const digitsFrom = index;
    if (this.at(index) === ZERO) index += 1;
    else index = this.digits(index);
    if (index === digitsFrom) throw unreadable;
    if (this.at(index) === DOT) {
      const from = index + 1;
      index = this.digits(from);
      if (index === from) throw unreadable;
    }
    const exponent = this.at(index);
    if (exponent === 0x65 || exponent === 0x45) {
      index += 1;
      const sign = this.at(index);
      if (sign === PLUS || sign === MINUS) index += 1;
      const from = index;
      index = this.digits(from);
      if (index === from) throw unreadable;
    }
    this.position = index;
  }

  private digits(from: number): number {
    let index = from;
    while (index < this.end) {
      const byte = this.bytes[index] as number;
      if (byte < ZERO || byte > NINE) break;
      index += 1;
    }
    return index;
  }

  private word(word: Uint8Array): void {
    const end = this.position + word.length;
    if (end > this.end || !this.spells(word, this.position, end)) throw unreadable;
    this.position = end;
  }
}

/** Whether `bytes[start, end)` is well-formed UTF-8 (else the reference decoding replaces bytes, so the parser reads it). */
function isUtf8Span(bytes: Buffer, start: number, end: number): boolean {
  let index = start;
  while (index < end) {
    const byte = bytes[index] as number;
    if (byte < 0x80) {
      index += 1;
      continue;
    }
    let length: number;
    let minimum: number;
    if (byte >= 0xc2 && byte <= 0xdf) {
      length = 2;
      minimum = 0x80;
    } else if (byte >= 0xe0 && byte <= 0xef) {
      length = 3;
      minimum = 0x800;
    } else if (byte >= 0xf0 && byte <= 0xf4) {
      length = 4;
      minimum = 0x10000;
    } else return false;
    if (index + length > end) return false;
    let code = byte & (0xff >> (length + 1));
    for (let offset = 1; offset < length; offset += 1) {
      const next = bytes[index + offset] as number;
      if ((next & 0xc0) !== 0x80) return false;
      code = (code << 6) | (next & 0x3f);
    }
    if (code < minimum || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return false;
    index += length;
  }
  return true;
}

/**
 * `roughTokenWeight` of the string whose raw JSON bytes (well-formed UTF-8, valid escapes) are `bytes[start, end)`:
 * 1 per UTF-16 unit below 128, 3 per other unit (a 4-byte UTF-8 character is two units).
 */
function escapedWeight(bytes: Buffer, start: number, end: number): number {
  let weight = 0;
  let index = start;
  while (index < end) {
    const byte = bytes[index] as number;
    if (byte === BACKSLASH) {
      if (bytes[index + 1] === 0x75) {
        const unit = (hexValue(bytes[index + 2]) << 12) | (hexValue(bytes[index + 3]) << 8) | (hexValue(bytes[index + 4]) << 4) | hexValue(bytes[index + 5]);
        weight += unit < 128 ? 1 : 3;
        index += 6;
      } else {
        weight += 1;
        index += 2;
      }
    } else if (byte < 0x80) {
      weight += 1;
      index += 1;
    } else if (byte >= 0xf0) {
      weight += 6;
      index += 4;
    } else {
      weight += 3;
      index += byte >= 0xe0 ? 3 : 2;
    }
  }
  return weight;
}
