// Watches a streamed answer against its reservation: an upstream that ignores the output limit it was sent is
// ended once what it streamed costs more than the call holds. The generated text is counted exactly, but only near
// the limit: below it a cheap length check decides that no count is needed.
import { exactCounterIfLoaded, roughCounter } from './token-counter';

/** Smallest step, in characters, between two exact counts. */
const minimumStep = 64;

/** Says when a stream has outrun its reservation. */
export class OutputGuard {
  /** Text length at which the next exact count is made: a token is at least a character, so none is needed before `limit` characters. */
  private nextCheck: number;

  constructor(
    /** Output tokens the reservation covers. */
    private readonly limit: number,
    /** True when `outputTokens` of answer cost more than the reservation holds. */
    private readonly costsMoreThanHeld: (outputTokens: number) => boolean,
  ) {
    this.nextCheck = Math.max(limit, minimumStep);
  }

  /** Whether the answer, `textLength` characters of generated text so far (`text` reads it), must end now. */
  exceeded(textLength: number, text: () => string): boolean {
    if (textLength < this.nextCheck) return false;
    const whole = text();
    // Until the tokenizer has loaded (it loads at start-up in practice), a rough count scaled to o200k's average.
    const counter = exactCounterIfLoaded();
    const tokens = counter ? counter(whole) : Math.floor((roughCounter(whole) * 3) / 4);
    if (this.costsMoreThanHeld(tokens)) return true;
    const charactersPerToken = tokens > 0 ? textLength / tokens : 1;
    // Count again where the limit is predicted to be reached, or a few tokens on once past it.
    const ahead = tokens < this.limit ? (this.limit - tokens) * charactersPerToken * 0.9 : 16 * charactersPerToken;
    this.nextCheck = textLength + Math.max(minimumStep, Math.ceil(ahead));
    return false;
  }
}
