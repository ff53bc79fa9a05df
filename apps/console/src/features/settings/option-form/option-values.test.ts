import { describe, expect, it } from 'vitest';
import { canonicalJson, changedEntries, codecFor, sameOptionText, toFormValues, toOptionMap } from './option-values';
import { saveEntriesInOrder, saveVerdict } from './option-save';

describe('toOptionMap', () => {
  it('reads the list of {key, value} and ignores junk', () => {
    expect(toOptionMap([{ key: 'A', value: 'x' }, { key: 'B', value: 3 }, { value: 'no key' }, null])).toEqual({ A: 'x', B: '3' });
    expect(toOptionMap({ A: 'x' })).toEqual({});
  });
});

describe('form values', () => {
  it('converts each kind for the form and secrets come back empty', () => {
    const values = toFormValues(['LogConsumeEnabled', 'QuotaPerUnit', 'GroupRatio', 'SMTPToken', 'SystemName'], {
      LogConsumeEnabled: 'true',
      QuotaPerUnit: '500000',
      GroupRatio: '{"default":1}',
      SMTPToken: 'stored-secret',
      SystemName: 'Gate',
    });
    expect(values).toEqual({ LogConsumeEnabled: true, QuotaPerUnit: 500000, GroupRatio: '{\n  "default": 1\n}', SMTPToken: '', SystemName: 'Gate' });
  });
  it('writes booleans as true/false and numbers as text', () => {
    expect(codecFor('DrawingEnabled').toText(false)).toBe('false');
    expect(codecFor('RetryTimes').toText(3)).toBe('3');
    expect(codecFor('RetryTimes').toText(null)).toBe('');
  });
});

describe('sameOptionText', () => {
  it('compares JSON by content and numbers by value', () => {
    expect(sameOptionText('GroupRatio', '{"a":1,"b":2}', '{\n  "b": 2,\n  "a": 1\n}')).toBe(true);
    expect(sameOptionText('GroupRatio', '{"a":1}', '{"a":2}')).toBe(false);
    expect(sameOptionText('Price', '7.30', '7.3')).toBe(true);
    expect(sameOptionText('SystemName', 'a', 'a ')).toBe(false);
  });
  it('canonical JSON sorts keys at every depth', () => {
    expect(canonicalJson({ b: { d: 1, c: [2, { f: 1, e: 0 }] }, a: null })).toBe('{"a":null,"b":{"c":[2,{"e":0,"f":1}],"d":1}}');
  });
});

describe('changedEntries', () => {
  const stored = { SystemName: 'Gate', RetryTimes: '0', GitHubOAuthEnabled: 'false', GitHubClientId: '', GitHubClientSecret: '', GroupRatio: '{"default":1}' };
  it('returns nothing when nothing changed, even if JSON was reformatted', () => {
    const values = { SystemName: 'Gate', RetryTimes: 0, GroupRatio: '{\n  "default": 1\n}', GitHubClientSecret: '' };
    expect(changedEntries(['SystemName', 'RetryTimes', 'GroupRatio', 'GitHubClientSecret'], stored, values)).toEqual([]);
  });
  it('sends secrets only when filled and switches after the settings they need', () => {
    const values = { GitHubOAuthEnabled: true, GitHubClientId: 'id', GitHubClientSecret: 'secret' };
    expect(changedEntries(['GitHubOAuthEnabled', 'GitHubClientId', 'GitHubClientSecret'], stored, values)).toEqual([
      { key: 'GitHubClientId', value: 'id' },
      { key: 'GitHubClientSecret', value: 'secret' },
      { key: 'GitHubOAuthEnabled', value: 'true' },
    ]);
  });
  it('uses a codec override', () => {
    const codecs = { EmailDomainWhitelist: { toForm: (text: string) => text.split(','), toText: (value: unknown) => (value as string[]).join(',') } };
    expect(changedEntries(['EmailDomainWhitelist'], { EmailDomainWhitelist: 'a.com' }, { EmailDomainWhitelist: ['a.com', 'b.com'] }, codecs)).toEqual([
      { key: 'EmailDomainWhitelist', value: 'a.com,b.com' },
    ]);
  });
});

describe('saving', () => {
  it('sends one call per entry in order and keeps going after a failure', async () => {
    const sent: string[] = [];
    const outcome = await saveEntriesInOrder(
      [
        { key: 'A', value: '1' },
        { key: 'B', value: '2' },
        { key: 'C', value: '3' },
      ],
      async (entry) => {
        sent.push(entry.key);
        if (entry.key === 'B') throw new Error('refused');
      },
    );
    expect(sent).toEqual(['A', 'B', 'C']);
    expect(outcome.saved.map((entry) => entry.key)).toEqual(['A', 'C']);
    expect(outcome.failed.map((entry) => entry.key)).toEqual(['B']);
    expect(saveVerdict(outcome)).toBe('partial');
  });
  it('names the other verdicts', () => {
    const entry = { key: 'A', value: '1' };
    expect(saveVerdict({ saved: [], failed: [] })).toBe('unchanged');
    expect(saveVerdict({ saved: [entry], failed: [] })).toBe('saved');
    expect(saveVerdict({ saved: [], failed: [entry] })).toBe('failed');
  });
});
