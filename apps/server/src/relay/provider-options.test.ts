import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LocalChangeBus } from '../cluster/change-bus';
import { openDatabase } from '../db/connect';
import { migrateToLatest } from '../db/migrate';
import { OptionStore } from '../options/option-store';
import { useSqliteOptionStore } from '../../test/helpers/option-store-fixture';
import { anthropicMessagesFormat, geminiFormat } from '@turnpike/formats';
import { chooseThinking, geminiSafetySettings } from './provider-options';

describe('provider option groups', () => {
  const fixture = useSqliteOptionStore('provider-options');

  it('Claude adapter: -thinking uses the percentage of max tokens (at least 1024), -thinking-N a fixed budget', async () => {
    expect(chooseThinking(fixture.options, 'claude', 'claude-sonnet-4-thinking', 10_000)).toEqual({ model: 'claude-sonnet-4', budget: 8_000 });
    expect(chooseThinking(fixture.options, 'claude', 'claude-sonnet-4-thinking', 1_000)).toEqual({ model: 'claude-sonnet-4', budget: 1_024 });
    expect(chooseThinking(fixture.options, 'claude', 'claude-sonnet-4-thinking-4096', 10_000)).toEqual({ model: 'claude-sonnet-4', budget: 4_096 });
    expect(chooseThinking(fixture.options, 'claude', 'claude-sonnet-4', 10_000)).toEqual({ model: 'claude-sonnet-4', budget: null });
    await fixture.options.set('claude.thinking_adapter_enabled', false);
    expect(chooseThinking(fixture.options, 'claude', 'claude-sonnet-4-thinking', 10_000)).toEqual({ model: 'claude-sonnet-4-thinking', budget: null });
  });

  it('Gemini adapter (off by default): budget capped at 24576, -nothinking turns thinking off', async () => {
    expect(chooseThinking(fixture.options, 'gemini', 'gemini-2.5-flash-thinking', 10_000).budget).toBeNull();
    await fixture.options.set('gemini.thinking_adapter_enabled', true);
    expect(chooseThinking(fixture.options, 'gemini', 'gemini-2.5-flash-thinking', 10_000)).toEqual({ model: 'gemini-2.5-flash', budget: 6_000 });
    expect(chooseThinking(fixture.options, 'gemini', 'gemini-2.5-flash-thinking', 100_000)).toEqual({ model: 'gemini-2.5-flash', budget: 24_576 });
    expect(chooseThinking(fixture.options, 'gemini', 'gemini-2.5-flash-nothinking', 10_000)).toEqual({ model: 'gemini-2.5-flash', budget: 0 });
    expect(chooseThinking(fixture.options, null, 'gpt-4o-thinking', 10_000).budget).toBeNull();
  });

  it('the Anthropic and Gemini formats shape their bodies with the group settings, and fills Gemini safety settings only when the caller sent none', async () => {
    const claude: Record<string, unknown> = { max_tokens: 2_000, temperature: 0.5 };
    anthropicMessagesFormat.prepareBody(claude, false, 4_096, null);
    expect(claude).toEqual({ max_tokens: 5_120, thinking: { type: 'enabled', budget_tokens: 4_096 } });
    await fixture.options.set('gemini.safety_settings', { default: 'BLOCK_NONE', HARM_CATEGORY_HATE_SPEECH: 'BLOCK_ONLY_HIGH' });
    const gemini: Record<string, unknown> = { generationConfig: { temperature: 1 } };
    geminiFormat.prepareBody(gemini, false, 0, () => geminiSafetySettings(fixture.options));
    expect(gemini.generationConfig).toEqual({ temperature: 1, thinkingConfig: { thinkingBudget: 0, includeThoughts: false } });
    expect(gemini.safetySettings).toEqual(geminiSafetySettings(fixture.options));
    expect(geminiSafetySettings(fixture.options)).toContainEqual({ category: 'HARM_CATEGORY_HATE_SPEECH', threshold: 'BLOCK_ONLY_HIGH' });
    expect(geminiSafetySettings(fixture.options)).toContainEqual({ category: 'HARM_CATEGORY_HARASSMENT', threshold: 'BLOCK_NONE' });
    const own: Record<string, unknown> = { safetySettings: [] };
    geminiFormat.prepareBody(own, false, null, () => geminiSafetySettings(fixture.options));
    expect(own.safetySettings).toEqual([]);
  });
});

describe('option changes reach listeners before the write returns', () => {
  it('notifies synchronously on a local write, once', async () => {
    const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'option-listeners-'));
    const handle = openDatabase({ kind: 'sqlite', sqlitePath: path.join(directory, 'o.db') });
    await migrateToLatest(handle);
    const options = await OptionStore.open(handle, new LocalChangeBus());
    const seen: string[] = [];
    options.onChange((key) => seen.push(key));
    await options.set('ModelRatio', { 'a-model': 3 });
    expect(seen).toEqual(['ModelRatio']);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(seen).toEqual(['ModelRatio']);
    await options.set('ModelRatio', { 'a-model': 3 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(seen).toEqual(['ModelRatio']);
    await handle.db.destroy();
    fs.rmSync(directory, { recursive: true, force: true });
  });
});
