// Filters a text that arrives in pieces (a streamed answer) against a word automaton: a word split across pieces still
// matches, because the filter holds back only the tail that could still begin a word (the automaton state's depth).
// In `stop` mode the text ends before the first word found; in `mask` mode each word is replaced by `**###**`.
import { foldCodePoint, type WordAutomaton } from './word-automaton';

/** What a found word does to the answer: it ends there, or it is replaced and the answer goes on. */
export type SensitiveAction = 'stop' | 'mask';

/** The text a masked word is replaced by (new-api's replacement). */
export const sensitiveMask = '**###**';

/** One text run (an answer's text, or its reasoning) filtered as it arrives. */
export class SensitiveTextFilter {
  /** True once a word was found in `stop` mode: nothing more is emitted. */
  stopped = false;
  /** How many words were replaced (`mask` mode). */
  masked = 0;
  /** The distinct words found, as listed. */
  readonly found = new Set<string>();
  private state = 0;
  /** Text read but not emitted yet, starting at absolute offset `pendingBase`. */
  private pending = '';
  private pendingBase = 0;
  /** Absolute offset of the next code unit to read. */
  private position = 0;
  /** Absolute original offset where each of the last folded units began (a ring of `maxLength` entries). */
  private readonly starts: Int32Array;
  private units = 0;
  /** Ranges to mask, absolute, sorted and disjoint. */
  private ranges: Array<[number, number]> = [];
  /** Where a `stop` cut the text (absolute), once found. */
  private cutAt = -1;

  constructor(
    private readonly automaton: WordAutomaton,
    private readonly action: SensitiveAction,
  ) {
    this.starts = new Int32Array(Math.max(1, automaton.maxLength));
  }

  /** Reads the next piece; returns the text that is safe to emit now. */
  push(text: string): string {
    if (this.stopped || text.length === 0) return '';
    this.pending += text;
    const automaton = this.automaton;
    const ring = this.starts.length;
    for (let i = 0; i < text.length; i += 1) {
      const origStart = this.position + i;
      let codePoint = text.charCodeAt(i);
      // A surrogate pair is one code point.
      if (codePoint >= 0xd800 && codePoint <= 0xdbff && i + 1 < text.length) {
        const low = text.charCodeAt(i + 1);
        if (low >= 0xdc00 && low <= 0xdfff) {
          codePoint = (codePoint - 0xd800) * 0x400 + (low - 0xdc00) + 0x10000;
          i += 1;
        }
      }
      const origEnd = this.position + i + 1;
      const folded = foldCodePoint(codePoint);
      for (let k = 0; k < folded.length; k += 1) {
        this.state = automaton.next(this.state, folded.charCodeAt(k));
        this.starts[this.units % ring] = origStart;
        this.units += 1;
        if (automaton.endsWord(this.state) && this.onWordsEnding(origEnd)) {
          this.position += text.length;
          return this.take(this.cutAt);
        }
      }
    }
    this.position += text.length;
    return this.take(this.safeBoundary());
  }

  /** Ends the run (the text is complete, or another kind of part follows): returns everything still held. */
  flush(): string {
    if (this.stopped) return '';
    const out = this.take(this.position);
    this.state = 0;
    return out;
  }

  /** Records the words ending here; true when the run must stop. */
  private onWordsEnding(end: number): boolean {
    const automaton = this.automaton;
    const ring = this.starts.length;
    automaton.wordsEndingAt(this.state, (word) => {
      this.found.add(automaton.words[word]);
      const start = this.starts[(this.units - automaton.lengths[word]) % ring];
      if (this.action === 'stop') {
        this.cutAt = this.cutAt === -1 ? start : Math.min(this.cutAt, start);
        return false;
      }
      this.addRange(start, end);
      return false;
    });
    if (this.action === 'stop') {
      this.stopped = true;
      return true;
    }
    return false;
  }

  private addRange(start: number, end: number): void {
    let from = start;
    let to = end;
    // Ranges arrive by end; a longer word may start before earlier ranges: merge every overlap.
    while (this.ranges.length > 0) {
      const last = this.ranges[this.ranges.length - 1];
      if (last[1] < from) break;
      from = Math.min(from, last[0]);
      to = Math.max(to, last[1]);
      this.ranges.pop();
      this.masked -= 1;
    }
    this.ranges.push([from, to]);
    this.masked += 1;
  }

  /** Everything before the tail that could still begin a word, and before any masked range that reaches into it. */
  private safeBoundary(): number {
    const depth = this.automaton.depth[this.state];
    let boundary = depth === 0 ? this.position : this.starts[(this.units - depth) % this.starts.length];
    for (const [start, end] of this.ranges) if (end > boundary && start < boundary) boundary = start;
    return boundary;
  }

  /** Emits the pending text up to absolute offset `until`, masked; keeps the rest. */
  private take(until: number): string {
    const cut = Math.max(this.pendingBase, Math.min(until, this.position));
    let out = '';
    let at = this.pendingBase;
    let kept = 0;
    for (const [start, end] of this.ranges) {
      if (end > cut) break;
      out += this.pending.slice(at - this.pendingBase, start - this.pendingBase) + sensitiveMask;
      at = end;
      kept += 1;
    }
    if (kept > 0) this.ranges = this.ranges.slice(kept);
    out += this.pending.slice(at - this.pendingBase, cut - this.pendingBase);
    this.pending = this.pending.slice(cut - this.pendingBase);
    this.pendingBase = cut;
    return out;
  }
}

/** Filters a whole text at once (a non-streamed answer); `stopped` tells that it was cut at the first word. */
export function filterWholeText(automaton: WordAutomaton, action: SensitiveAction, text: string): { text: string; stopped: boolean; masked: number; found: string[] } {
  const filter = new SensitiveTextFilter(automaton, action);
  const out = filter.push(text) + filter.flush();
  return { text: out, stopped: filter.stopped, masked: filter.masked, found: [...filter.found] };
}
