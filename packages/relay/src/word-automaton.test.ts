import { describe, expect, it } from 'vitest';
import { createSeededRandom } from './random-source';
import { filterWholeText, SensitiveTextFilter, sensitiveMask } from './sensitive-text-filter';
import { foldText, WordAutomaton } from './word-automaton';

/** Every distinct word occurring in the folded text, found the slow way. */
function naiveWords(words: readonly string[], text: string): string[] {
  const folded = foldText(text);
  return words.filter((word) => folded.includes(foldText(word)));
}

describe('WordAutomaton', () => {
  it('finds words case-insensitively, after NFKC, and inside Chinese text without word boundaries', () => {
    const automaton = WordAutomaton.build(['badword', '敏感词', 'Hello']);
    expect(automaton.findWords('this is a BadWord here')).toEqual(['badword']);
    expect(automaton.findWords('ｂａｄＷｏｒｄ')).toEqual(['badword']);
    expect(automaton.findWords('这是一个敏感词的例子')).toEqual(['敏感词']);
    expect(automaton.findWords('say hello, then 敏感词 and badword')).toEqual(['Hello', '敏感词', 'badword']);
    expect(automaton.matches('a clean sentence')).toBe(false);
    expect(automaton.matches('bad word')).toBe(false);
  });

  it('drops empty entries and keeps one of case and width variants', () => {
    const automaton = WordAutomaton.build(['  spam ', '', 'SPAM', 'ｓｐａｍ', 'ham']);
    expect(automaton.words).toEqual(['spam', 'ham']);
    expect(automaton.maxLength).toBe(4);
  });

  it('finds overlapping words and words that are suffixes of others', () => {
    const automaton = WordAutomaton.build(['he', 'she', 'hers', 'his']);
    expect(automaton.findWords('ushers').sort()).toEqual(['he', 'hers', 'she']);
    expect(automaton.findWords('ahishers').sort()).toEqual(['he', 'hers', 'his', 'she']);
  });

  it('agrees with a naive search on random texts', () => {
    const random = createSeededRandom(7);
    const alphabet = 'abcAB敏感ｂ';
    const pick = (length: number): string => Array.from({ length }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
    for (let round = 0; round < 200; round += 1) {
      const words = Array.from({ length: 1 + Math.floor(random() * 6) }, () => pick(1 + Math.floor(random() * 3)));
      const automaton = WordAutomaton.build(words);
      const text = pick(Math.floor(random() * 30));
      expect(automaton.findWords(text, 100).sort()).toEqual([...new Set(naiveWords(automaton.words, text))].sort());
    }
  });
});

describe('SensitiveTextFilter', () => {
  const automaton = WordAutomaton.build(['badword', '敏感词']);

  /** Feeds `pieces` one by one, returning what was emitted. */
  const feed = (action: 'stop' | 'mask', pieces: string[]): { text: string; filter: SensitiveTextFilter } => {
    const filter = new SensitiveTextFilter(automaton, action);
    let text = '';
    for (const piece of pieces) text += filter.push(piece);
    return { text: text + filter.flush(), filter };
  };

  it('masks a word split over pieces at every split point', () => {
    const whole = 'before badword after 敏感词 end';
    for (let split = 0; split <= whole.length; split += 1) {
      const { text, filter } = feed('mask', [whole.slice(0, split), whole.slice(split)]);
      expect(text).toBe(`before ${sensitiveMask} after ${sensitiveMask} end`);
      expect(filter.masked).toBe(2);
    }
  });

  it('masks a word fed one character at a time, and a full-width variant', () => {
    expect(feed('mask', [...'x ＢＡＤword y']).text).toBe(`x ${sensitiveMask} y`);
  });

  it('stops before the word and emits nothing of it, wherever the pieces split', () => {
    const whole = 'safe text badword and more';
    for (let split = 0; split <= whole.length; split += 1) {
      const { text, filter } = feed('stop', [whole.slice(0, split), whole.slice(split)]);
      expect(text).toBe('safe text ');
      expect(filter.stopped).toBe(true);
      expect([...filter.found]).toEqual(['badword']);
    }
  });

  it('holds back only what could still begin a word', () => {
    const filter = new SensitiveTextFilter(automaton, 'mask');
    expect(filter.push('hello bad')).toBe('hello ');
    expect(filter.push('ge')).toBe('badge');
    expect(filter.push(' 敏感')).toBe(' ');
    expect(filter.flush()).toBe('敏感');
  });

  it('merges overlapping words into one mask', () => {
    const overlapping = WordAutomaton.build(['ab', 'bcd']);
    expect(filterWholeText(overlapping, 'mask', 'xabcdx').text).toBe(`x${sensitiveMask}x`);
    expect(filterWholeText(overlapping, 'mask', 'xabx bcd').text).toBe(`x${sensitiveMask}x ${sensitiveMask}`);
  });

  it('keeps surrogate pairs whole', () => {
    expect(filterWholeText(automaton, 'mask', '😀badword😀').text).toBe(`😀${sensitiveMask}😀`);
  });
});
