// Sensitive-word filtering (spec 000 §1, options of spec 001 §3): one automaton built when the word list changes, on
// every instance (options reach each one through the change bus), and what the relay reads of it on each call. With
// the feature off `prompt` and `completion` are null: a call pays one property read.
import { parseSensitiveWords } from '@turnpike/contract';
import { WordAutomaton, type SensitiveAction } from '@turnpike/relay';
import type { OptionStore } from '../options/option-store';

/** The options the policy is built from. */
const policyKeys = new Set(['CheckSensitiveEnabled', 'CheckSensitiveOnPromptEnabled', 'CheckSensitiveOnCompletionEnabled', 'StopOnSensitiveEnabled', 'SensitiveWords']);

/** How answers are filtered: with which automaton, and whether a word ends the answer or is masked. */
export interface CompletionPolicy {
  automaton: WordAutomaton;
  action: SensitiveAction;
}

/** The sensitive-word settings in force on this instance, rebuilt whenever one of their options changes. */
export class ContentPolicy {
  /** The automaton prompts are checked with, or null when the prompt check is off or the list is empty. */
  prompt: WordAutomaton | null = null;
  /** How answers are filtered, or null when the completion check is off or the list is empty. */
  completion: CompletionPolicy | null = null;
  private words = '';
  private automaton: WordAutomaton | null = null;

  constructor(private readonly options: Pick<OptionStore, 'bool' | 'string' | 'onChange'>) {
    this.refresh();
    options.onChange((key) => {
      if (policyKeys.has(key)) this.refresh();
    });
  }

  /** Reads the options again; the automaton is rebuilt only when the word list itself changed. */
  private refresh(): void {
    const { options } = this;
    const on = options.bool('CheckSensitiveEnabled');
    const onPrompt = on && options.bool('CheckSensitiveOnPromptEnabled');
    const onCompletion = on && options.bool('CheckSensitiveOnCompletionEnabled');
    const text = options.string('SensitiveWords');
    if (!onPrompt && !onCompletion) {
      // Off: nothing is kept, so a list changed meanwhile is built when the feature comes back on.
      this.prompt = null;
      this.completion = null;
      this.automaton = null;
      this.words = '';
      return;
    }
    if (this.automaton === null || text !== this.words) {
      this.automaton = WordAutomaton.build(parseSensitiveWords(text));
      this.words = text;
    }
    const automaton = this.automaton.words.length > 0 ? this.automaton : null;
    this.prompt = onPrompt ? automaton : null;
    this.completion = onCompletion && automaton ? { automaton, action: options.bool('StopOnSensitiveEnabled') ? 'stop' : 'mask' } : null;
  }
}
