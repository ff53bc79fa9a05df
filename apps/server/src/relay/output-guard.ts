// Watches a streamed answer against its reservation: an upstream that ignores the output limit it was sent is
// ended once what it streamed costs more than the call holds. The generated text is counted exactly, but only near
// the limit: below it the running rough count (which errs high) decides that no count is needed.
import { exactCounterIfLoaded } from './token-counter';

/** Smallest step, in rough tokens, between two exact counts. */
const minimumStep = 16;

/** Says when a stream has outrun its reservation. */
export class OutputGuard {
  /** Rough count at which the next exact count is made: the rough count errs high, so none is needed below `limit`. */
  private nextCheck: number;

  constructor(
    /** Output tokens the reservation covers. */
    private readonly limit: number,
    /** True when `outputTokens` of answer cost more than the reservation holds. */
    private readonly costsMoreThanHeld: (outputTokens: number) => boolean,
  ) {
    this.nextCheck = Math.max(limit, minimumStep);
  }

  /** Whether the answer, `roughTokens` by the rough count so far (`text` reads it), must end now. */
  exceeded(roughTokens: number, text: () => string): boolean {
    if (roughTokens < this.nextCheck) return false;
    // Until the tokenizer has loaded (it loads on first need), the rough count scaled to o200k's English average.
    const counter = exactCounterIfLoaded();
    const tokens = counter ? counter(text()) : Math.floor((roughTokens * 3) / 4);
    if (this.costsMoreThanHeld(tokens)) return true;
    const roughPerToken = tokens > 0 ? roughTokens / tokens : 1;
    // Count again where the limit is predicted to be reached, or a few tokens on once past it.
    const ahead = tokens < this.limit ? (this.limit - tokens) * roughPerToken * 0.9 : minimumStep * roughPerToken;
    this.nextCheck = roughTokens + Math.max(minimumStep, Math.ceil(ahead));
    return false;
  }
}
