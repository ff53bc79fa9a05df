// Sensitive-word filtering (issue 26): what the prompt check costs with 10,000 words and a 200 KB prompt, what the
// completion filter costs per streamed KB, and that with the feature off the relay does no work for it (the policy
// holds no automaton and a call pays one property read).
import { performance } from 'node:perf_hooks';
import { createSeededRandom, foldText, SensitiveTextFilter, WordAutomaton } from '@turnpike/relay';
import { ContentPolicy } from '../apps/server/src/content-policy/content-policy';
import { findPromptWords } from '../apps/server/src/content-policy/prompt-check';
import type { BenchReport } from './bench-report';

const wordCount = 10_000;
const promptBytes = 200 * 1024;
const runs = 21;

/** The median of `runs` timings of `work`, in milliseconds. */
function medianMs(work: () => void): number {
  const samples: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const startedAt = performance.now();
    work();
    samples.push(performance.now() - startedAt);
  }
  return samples.sort((a, b) => a - b)[Math.floor(runs / 2)];
}

/** A word list like an operator's: Latin words of 4–10 letters and Chinese phrases of 2–4 characters. */
function wordList(random: () => number): string[] {
  const latin = 'abcdefghijklmnopqrstuvwxyz';
  const han = '的一是在不了有和人这中大为上个国我以要他时来用们生到作地于出就分对成会可主发年动同工也能下过子说产种面而方后多定行学法所民得经十三之进着等部度家电力里如水化高自二理起小物现实加量都两体制机当使点从业本去把性好应开它合还因由其些然前外天政四日那社义事平形相全表间样与关各重新线内数正心反你明看原又么利比或但质气第向道命此变条只没结解问意建月公无系军很情者最立代想已通并提直题党程展五果料象员革位入常文总次品式活设及管特件长求老头基资边流路级少图山统接知较将组见计别她手角期根论运农指几九区强放决西被干做必战先回则任取据处队南给色光门即保治北造百规热领七海口东导器压志世金增争济阶油思术极交受联什认六共权收证改清己美再采转更单风切打白教速花带安场身车例真务具万每目至达走积示议声报斗完类八离华名确才科张信马节话米整空元况今集温传土许步群广石记需段研界拉林律叫且究观越织装影算低持音众书布复容儿须际商非验连断深难近矿千周委素技备半办青省列习响约支般史感劳便团往酸历市克何除消构府称太准精值号率族维划选标写存候毛亲快效斯院查江型眼王按格养易置派层片始却专状育厂京识适属圆包火住调满县局照参红细引听该铁价严';
  const words: string[] = [];
  for (let index = 0; index < wordCount; index += 1) {
    const chinese = index % 4 === 0;
    const length = chinese ? 2 + Math.floor(random() * 3) : 4 + Math.floor(random() * 7);
    const alphabet = chinese ? han : latin;
    let word = '';
    for (let at = 0; at < length; at += 1) word += alphabet[Math.floor(random() * alphabet.length)];
    words.push(word);
  }
  return words;
}

/** A 200 KB conversation of English prose and Chinese text, in 100 messages, containing no listed word. */
function promptMessages(automaton: WordAutomaton): string[] {
  const sentences = [
    'The gateway forwards each request to the channel with the highest priority and falls back on failure. ',
    'Operators watch the dashboard for latency spikes, error rates and the balance of every token. ',
    '网关根据渠道的优先级转发请求，失败时自动切换到下一个渠道。',
    '管理员可以在控制台中查看每个令牌的余额和调用记录。',
  ];
  const messages: string[] = [];
  let size = 0;
  let index = 0;
  while (size < promptBytes) {
    let message = '';
    while (Buffer.byteLength(message) < promptBytes / 100) message += sentences[index++ % sentences.length];
    messages.push(message);
    size += Buffer.byteLength(message);
  }
  // The measured case is the common one: nothing found, so every character is read.
  const found = findPromptWords(automaton, (visit) => messages.forEach(visit));
  if (found.length > 0) throw new Error(`the benchmark prompt contains listed words: ${found.join(', ')}`);
  return messages;
}

/** An option store with the given values, for a policy outside a server. */
function optionsOf(values: Record<string, boolean | string>): ConstructorParameters<typeof ContentPolicy>[0] {
  return {
    bool: (key) => values[key] === true,
    string: (key) => (typeof values[key] === 'string' ? (values[key] as string) : ''),
    onChange: () => undefined,
  };
}

/** Runs the section and records its figures and checks. */
export function runSensitiveWordsSection(report: BenchReport): void {
  console.log(`\n== Sensitive words: ${wordCount.toLocaleString('en-US')} words, a ${promptBytes / 1024} KB prompt ==`);
  const words = wordList(createSeededRandom(26));
  let automaton = WordAutomaton.build(words);
  const buildMs = medianMs(() => {
    automaton = WordAutomaton.build(words);
  });
  const messages = promptMessages(automaton);
  const checkMs = medianMs(() => {
    findPromptWords(automaton, (visit) => messages.forEach(visit));
  });
  // The floor under any check: one pass of NFKC and lower-casing over the same text (native code).
  let folded = 0;
  const foldMs = medianMs(() => {
    for (const message of messages) folded += foldText(message).length;
  });
  // The completion filter on the same text streamed in 40-character pieces (mask mode).
  const whole = messages.join('');
  const streamMs = medianMs(() => {
    const filter = new SensitiveTextFilter(automaton, 'mask');
    for (let at = 0; at < whole.length; at += 40) filter.push(whole.slice(at, at + 40));
    filter.flush();
  });
  // Off: the list is stored, the switches are off. The policy builds nothing, and a call's whole cost is the test
  // `if (policy.prompt)` the pipeline makes.
  const off = new ContentPolicy(optionsOf({ CheckSensitiveEnabled: false, CheckSensitiveOnPromptEnabled: true, CheckSensitiveOnCompletionEnabled: true, SensitiveWords: words.join('\n') }));
  const on = new ContentPolicy(optionsOf({ CheckSensitiveEnabled: true, CheckSensitiveOnPromptEnabled: true, CheckSensitiveOnCompletionEnabled: true, SensitiveWords: words.join('\n') }));
  const calls = 1_000_000;
  let checked = 0;
  const offNs =
    (medianMs(() => {
      for (let call = 0; call < calls; call += 1) if (off.prompt) checked += findPromptWords(off.prompt, (visit) => messages.forEach(visit)).length;
    }) *
      1e6) /
    calls;
  report.table('Sensitive-word costs (median of 21 runs)', ['what', 'milliseconds'], [
    ['build the automaton (10,000 words)', buildMs],
    ['prompt check, 200 KB prompt, nothing found', checkMs],
    ['  of which the floor: NFKC and lower case of the prompt', foldMs],
    ['completion filter, 200 KB streamed in 40-character pieces', streamMs],
    ['feature off: per call (one property read)', offNs / 1e6],
  ]);
  report.sections.sensitiveWords = { wordCount, promptBytes, buildMs, checkMs, foldMs, foldedUnits: folded, streamMs, offNsPerCall: offNs, automatonStates: automaton.depth.length };
  report.check('sensitive words: the prompt check of a 200 KB prompt against 10,000 words takes a few milliseconds', checkMs < 20, `${checkMs.toFixed(2)} ms (median)`);
  report.check('sensitive words: with the feature off nothing is built and a call does no work for it', off.prompt === null && off.completion === null && on.prompt !== null && checked === 0 && offNs < 50, `${offNs.toFixed(2)} ns per call`);
}
