// The completion check: an answer's text and reasoning are filtered as canonical parts, so it works for every
// inbound/upstream format pair (the caller's encoder writes what comes out). A word split across chunks still matches.
// With `stop` the answer ends before the word with the content-filter finish reason (OpenAI `content_filter`,
// Anthropic `refusal`, Gemini `SAFETY`, Responses `incomplete`); with `mask` the word becomes `**###**`.
import type { CanonicalPart, CanonicalResponse, CanonicalStreamPart } from '@turnpike/formats';
import { SensitiveTextFilter } from '@turnpike/relay';
import type { CompletionPolicy } from './content-policy';

/** What the completion check did to an answer, for the log entry (`other.sensitive`; the words under `admin_info`). */
export interface AnswerSensitivity {
  action: 'stopped' | 'masked';
  /** How many words were masked (0 when stopped). */
  masked: number;
  words: string[];
}

/** Filters one streamed answer part by part. */
export class AnswerFilter {
  private readonly text: SensitiveTextFilter;
  private readonly reasoning: SensitiveTextFilter;

  constructor(policy: CompletionPolicy) {
    this.text = new SensitiveTextFilter(policy.automaton, policy.action);
    this.reasoning = new SensitiveTextFilter(policy.automaton, policy.action);
  }

  /** True once a word ended the answer: the caller got its finish part, and nothing more is to be sent. */
  get stopped(): boolean {
    return this.text.stopped || this.reasoning.stopped;
  }

  /** The parts to encode for `part`: held-back text is released before any other kind of part. */
  filter(part: CanonicalStreamPart): CanonicalStreamPart[] {
    if (this.stopped) return [];
    // Reasoning and text alternate as runs: what one held back goes out before the other speaks.
    if (part.type === 'text-delta') return this.pass(this.text, part.text, (text) => ({ type: 'text-delta', text }), this.flushed(this.reasoning, (text) => ({ type: 'reasoning-delta', text })));
    // A delta that carries only a signature has no text to hold back.
    if (part.type === 'reasoning-delta' && part.text.length > 0) return this.pass(this.reasoning, part.text, (text) => ({ ...part, text }), this.flushed(this.text, (text) => ({ type: 'text-delta', text })));
    if (part.type === 'usage') return [part];
    const out = this.release();
    out.push(part);
    return out;
  }

  /** What is still held back, for the end of the stream. */
  release(): CanonicalStreamPart[] {
    const out: CanonicalStreamPart[] = [];
    const text = this.text.flush();
    if (text) out.push({ type: 'text-delta', text });
    const reasoning = this.reasoning.flush();
    if (reasoning) out.push({ type: 'reasoning-delta', text: reasoning });
    return out;
  }

  private flushed(filter: SensitiveTextFilter, wrap: (text: string) => CanonicalStreamPart): CanonicalStreamPart[] {
    const text = filter.flush();
    return text ? [wrap(text)] : [];
  }

  private pass(filter: SensitiveTextFilter, input: string, wrap: (text: string) => CanonicalStreamPart, out: CanonicalStreamPart[]): CanonicalStreamPart[] {
    const text = filter.push(input);
    if (text) out.push(wrap(text));
    if (filter.stopped) out.push({ type: 'finish', reason: 'content-filter' });
    return out;
  }

  /** What happened, or undefined when no word was found. */
  report(): AnswerSensitivity | undefined {
    const words = [...new Set([...this.text.found, ...this.reasoning.found])];
    if (words.length === 0) return undefined;
    return { action: this.stopped ? 'stopped' : 'masked', masked: this.text.masked + this.reasoning.masked, words };
  }
}

/** Filters a whole answer: masked text, or the answer cut before the first word (later parts dropped) with the content-filter reason. */
export function filterWholeAnswer(policy: CompletionPolicy, response: CanonicalResponse): { response: CanonicalResponse; sensitivity: AnswerSensitivity | undefined } {
  const filter = new AnswerFilter(policy);
  const parts: CanonicalPart[] = [];
  for (const part of response.parts) {
    if (part.type !== 'text' && part.type !== 'reasoning') {
      parts.push(part);
      continue;
    }
    const pieces = filter.filter(part.type === 'text' ? { type: 'text-delta', text: part.text } : { type: 'reasoning-delta', text: part.text });
    const held = filter.stopped ? [] : filter.release();
    const text = [...pieces, ...held].map((piece) => (piece.type === 'text-delta' || piece.type === 'reasoning-delta' ? piece.text : '')).join('');
    if (text || part.type === 'reasoning') parts.push({ ...part, text });
    if (filter.stopped) break;
  }
  const sensitivity = filter.report();
  if (!sensitivity) return { response, sensitivity };
  return { response: { ...response, parts, finishReason: filter.stopped ? 'content-filter' : response.finishReason }, sensitivity };
}
