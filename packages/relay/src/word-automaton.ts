// One Aho–Corasick automaton over a word list, matching case-insensitively after Unicode NFKC normalisation
// (full-width and compatibility forms match their plain letters) and without word boundaries (Chinese text has none).
// Built once per word list; a scan is one pass over the text's UTF-16 code units with no allocation per character.

/** Folds text the way the words are folded: NFKC, then lower case. */
export function foldText(text: string): string {
  return text.normalize('NFKC').toLowerCase();
}

/** Folded form of each BMP code unit met so far (undefined: not yet computed); code points above it use `astralFolds`. */
const bmpFolds: Array<string | undefined> = [];
const astralFolds = new Map<number, string>();

/** The folded units of one code point (ASCII letters are lowered without a lookup). */
export function foldCodePoint(codePoint: number): string {
  if (codePoint < 0x80) return String.fromCharCode(codePoint >= 0x41 && codePoint <= 0x5a ? codePoint + 32 : codePoint);
  if (codePoint < 0x10000) {
    let folded = bmpFolds[codePoint];
    if (folded === undefined) {
      folded = foldText(String.fromCharCode(codePoint));
      bmpFolds[codePoint] = folded;
    }
    return folded;
  }
  let folded = astralFolds.get(codePoint);
  if (folded === undefined) {
    folded = foldText(String.fromCodePoint(codePoint));
    astralFolds.set(codePoint, folded);
  }
  return folded;
}

/** States up to this depth get dense ASCII rows (about 1,000 states of a 10,000-word list: a few MB at most). */
const denseDepth = 3;

/** The first hash slot of the edge from `state` on `unit`. */
function slotOf(state: number, unit: number, mask: number): number {
  const mixed = Math.imul(state ^ Math.imul(unit, 0x85ebca6b), 0x9e3779b1);
  return (mixed ^ (mixed >>> 15)) & mask;
}

/** A match: which word, and the automaton state after it (its depth bounds how far back the word starts). */
export type WordVisitor = (word: number) => boolean | void;

/** The compiled automaton: a trie in flat arrays (edges in one open-addressing hash table) with failure and dictionary links. */
export class WordAutomaton {
  /** The words as given (trimmed, de-duplicated by folded form), in list order. */
  readonly words: readonly string[];
  /** The longest word, in folded code units. */
  readonly maxLength: number;
  /** Depth of each state in folded code units. */
  readonly depth: Int32Array;
  /** Length of each word in folded code units. */
  readonly lengths: Int32Array;
  /** Next state from the root for each code unit (0: stay at the root). */
  private readonly rootNext: Int32Array;
  /** Edges of the other states in one open-addressing table: source state (0: empty slot), unit and target, hashed by `slotOf`. */
  private readonly edgeStates: Int32Array;
  private readonly edgeUnits: Uint16Array;
  private readonly edgeTargets: Int32Array;
  private readonly edgeMask: number;
  private readonly fail: Int32Array;
  /** Index of the word ending exactly at a state, or -1. */
  private readonly wordAt: Int32Array;
  /** Nearest state on the failure chain (the state itself excluded) where a word ends, or -1. */
  private readonly dictLink: Int32Array;
  /** Row of each shallow state (depth ≤ `denseDepth`) in `dense`, else -1. */
  private readonly denseRow: Int32Array;
  /** Resolved transitions (failures followed) of shallow states on ASCII units: most of a scan happens there. */
  private readonly dense: Int32Array;

  private constructor(words: readonly string[], folded: readonly string[]) {
    this.words = words;
    this.lengths = Int32Array.from(folded, (word) => word.length);
    // The trie: one map of every edge while building, and child lists for the breadth-first pass.
    const edges = new Map<number, number>();
    const wordAt: number[] = [-1];
    const depth: number[] = [0];
    const firstChild: number[] = [-1];
    const nextSibling: number[] = [-1];
    const unitOf: number[] = [0];
    let maxLength = 0;
    folded.forEach((word, index) => {
      let state = 0;
      for (let i = 0; i < word.length; i += 1) {
        const unit = word.charCodeAt(i);
        const key = state * 65_536 + unit;
        let next = edges.get(key);
        if (next === undefined) {
          next = depth.length;
          edges.set(key, next);
          wordAt.push(-1);
          depth.push(depth[state] + 1);
          unitOf.push(unit);
          firstChild.push(-1);
          nextSibling.push(firstChild[state]);
          firstChild[state] = next;
        }
        state = next;
      }
      if (wordAt[state] === -1) wordAt[state] = index;
      maxLength = Math.max(maxLength, word.length);
    });
    const count = depth.length;
    this.maxLength = maxLength;
    this.wordAt = Int32Array.from(wordAt);
    this.depth = Int32Array.from(depth);
    this.rootNext = new Int32Array(65_536);
    let size = 16;
    while (size < edges.size * 2) size *= 2;
    this.edgeMask = size - 1;
    this.edgeStates = new Int32Array(size);
    this.edgeUnits = new Uint16Array(size);
    this.edgeTargets = new Int32Array(size);
    for (const [key, next] of edges) {
      const from = Math.floor(key / 65_536);
      const unit = key % 65_536;
      if (from === 0) {
        this.rootNext[unit] = next;
        continue;
      }
      let slot = slotOf(from, unit, this.edgeMask);
      while (this.edgeStates[slot] !== 0) slot = (slot + 1) & this.edgeMask;
      this.edgeStates[slot] = from;
      this.edgeUnits[slot] = unit;
      this.edgeTargets[slot] = next;
    }
    // Failure and dictionary links, breadth first.
    this.fail = new Int32Array(count);
    this.dictLink = new Int32Array(count).fill(-1);
    const queue = new Int32Array(count);
    let tail = 0;
    for (let child = firstChild[0]; child !== -1; child = nextSibling[child]) queue[tail++] = child;
    for (let head = 0; head < tail; head += 1) {
      const state = queue[head];
      const failure = this.fail[state];
      this.dictLink[state] = this.wordAt[failure] >= 0 ? failure : this.dictLink[failure];
      for (let child = firstChild[state]; child !== -1; child = nextSibling[child]) {
        this.fail[child] = this.next(failure, unitOf[child]);
        queue[tail++] = child;
      }
    }
    // Shallow states get a full row of ASCII transitions, filled in breadth-first order (a failure is shallower).
    this.denseRow = new Int32Array(count).fill(-1);
    let rows = 0;
    for (let state = 0; state < count; state += 1) if (this.depth[state] <= denseDepth) this.denseRow[state] = rows++;
    const dense = new Int32Array(rows * 128);
    for (let unit = 0; unit < 128; unit += 1) dense[unit] = this.rootNext[unit];
    // A state's row is its failure state's row with its own edges over it (the failure state is shallower: filled).
    for (let head = 0; head < tail; head += 1) {
      const state = queue[head];
      const row = this.denseRow[state];
      if (row === -1) continue;
      const from = this.denseRow[this.fail[state]] * 128;
      dense.copyWithin(row * 128, from, from + 128);
      for (let child = firstChild[state]; child !== -1; child = nextSibling[child]) if (unitOf[child] < 128) dense[row * 128 + unitOf[child]] = child;
    }
    this.dense = dense;
  }

  /** Builds the automaton of `words` (empty entries dropped; case and width variants of one word kept once). */
  static build(words: readonly string[]): WordAutomaton {
    const kept: string[] = [];
    const folded: string[] = [];
    const seen = new Set<string>();
    for (const raw of words) {
      const word = raw.trim();
      const fold = foldText(word);
      if (!fold || seen.has(fold)) continue;
      seen.add(fold);
      kept.push(word);
      folded.push(fold);
    }
    return new WordAutomaton(kept, folded);
  }

  /** The state after `unit` from `state` along a trie edge, -1 when there is none (the root always has one: itself). */
  private step(state: number, unit: number): number {
    if (state === 0) return this.rootNext[unit];
    const states = this.edgeStates;
    const mask = this.edgeMask;
    for (let slot = slotOf(state, unit, mask); ; slot = (slot + 1) & mask) {
      const found = states[slot];
      if (found === state && this.edgeUnits[slot] === unit) return this.edgeTargets[slot];
      if (found === 0) return -1;
    }
  }

  /** The state after reading `unit` (a folded code unit) in `state`. */
  next(state: number, unit: number): number {
    if (unit < 128 && this.dense !== undefined) {
      const row = this.denseRow[state];
      if (row !== -1) return this.dense[row * 128 + unit];
    }
    let current = state;
    for (;;) {
      const target = this.step(current, unit);
      if (target !== -1) return target;
      current = this.fail[current];
    }
  }

  /** Calls `visit` with each word that ends in `state`, longest first; stops when it returns true. Returns whether it stopped. */
  wordsEndingAt(state: number, visit: WordVisitor): boolean {
    let at = this.wordAt[state] >= 0 ? state : this.dictLink[state];
    while (at !== -1) {
      if (visit(this.wordAt[at]) === true) return true;
      at = this.dictLink[at];
    }
    return false;
  }

  /** Whether a word ends in `state`. */
  endsWord(state: number): boolean {
    return this.wordAt[state] >= 0 || this.dictLink[state] !== -1;
  }

  /** Scans text that is already folded (`foldText`); calls `visit` for each word found, stopping when it returns true. */
  scanFolded(folded: string, visit: WordVisitor): void {
    let state = 0;
    for (let i = 0; i < folded.length; i += 1) {
      state = this.next(state, folded.charCodeAt(i));
      if ((this.wordAt[state] >= 0 || this.dictLink[state] !== -1) && this.wordsEndingAt(state, visit)) return;
    }
  }

  /** The distinct words found in `text` (at most `limit`, in the order they end). */
  findWords(text: string, limit = 16): string[] {
    const found: string[] = [];
    const seen = new Set<number>();
    if (this.words.length === 0) return found;
    this.scanFolded(foldText(text), (word) => {
      if (!seen.has(word)) {
        seen.add(word);
        found.push(this.words[word]);
      }
      return found.length >= limit;
    });
    return found;
  }

  /** Whether any word occurs in `text`. */
  matches(text: string): boolean {
    let hit = false;
    if (this.words.length > 0) this.scanFolded(foldText(text), () => (hit = true));
    return hit;
  }
}
