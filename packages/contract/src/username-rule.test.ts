import { describe, expect, it } from 'vitest';
import { checkUsernameRule, normalizeUsername } from './username-rule';

describe('the username rule', () => {
  it.each([
    ['nul', 'ab\u0000c'],
    ['carriage return and line feed', 'ab\r\nroot logged in'],
    ['tab', 'ab\tc'],
    ['bidi override', 'admin\u202Etxt.exe'],
    ['zero-width space', 'ad\u200Bmin'],
    ['zero-width joiner', 'ad\u200Dmin'],
    ['byte order mark inside', 'ad\uFEFFmin'],
    ['inner space', 'ad min'],
    ['no-break space', 'ad\u00A0min'],
    ['symbols', 'a<b>'],
    ['at sign', 'me@example'],
  ])('refuses %s', (_label, name) => {
    expect(checkUsernameRule(name)).toEqual({ ok: false, problem: { code: 'username_characters', params: {} } });
  });

  it('accepts letters of every script, digits, _ - and .', () => {
    for (const name of ['alice', 'Bob_2', 'a.b-c', '张三', 'Ångström', 'मनोज', 'δοκιμή']) expect(checkUsernameRule(name)).toEqual({ ok: true, value: name.normalize('NFC') });
  });

  it('normalizes to NFC and trims, so look-alike spellings are one name', () => {
    const decomposed = 'A\u030Angstro\u0308m';
    expect(normalizeUsername(`  ${decomposed} `)).toBe('Ångström');
    expect(checkUsernameRule(decomposed)).toEqual({ ok: true, value: 'Ångström' });
  });

  it('keeps the length rule: 1 to 20 characters after normalization', () => {
    expect(checkUsernameRule('   ')).toEqual({ ok: false, problem: { code: 'username_empty', params: {} } });
    expect(checkUsernameRule('x'.repeat(21))).toEqual({ ok: false, problem: { code: 'username_too_long', params: { max: 20 } } });
    expect(checkUsernameRule('张'.repeat(20))).toMatchObject({ ok: true });
  });
});
