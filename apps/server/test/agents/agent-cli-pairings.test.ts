// The real coding-agent CLIs (Claude Code, Codex, Gemini CLI, pinned dev dependencies) through a started Turnpike,
// one channel per upstream wire (OpenAI chat, OpenAI Responses, Anthropic, Gemini) on a strict mock upstream that
// refuses what the real providers refuse: each agent finishes a two-turn tool loop (runs one shell command, prints
// its output), is told the usage the upstream reported, and every answer is billed exactly once, exactly.
import { agentCommand, startStrictAgentUpstream, strictPromptTokens, type StrictAgentUpstream, type AgentWire } from '@turnpike/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addApiKey, addChannel } from '../helpers/relay-fixtures';
import { startTestServer, type Actor, type TestServer } from '../helpers/test-server';
import { claudeCode, codex, geminiCli, type AgentCli, type AgentTarget } from './agent-clis';

/** One upstream wire: the channel that reaches it and the model the agents ask for (and the upstream's name for it, when another). */
interface Upstream {
  wire: AgentWire;
  type: number;
  model: string;
  upstreamModel?: string;
}

const upstreams: readonly Upstream[] = [
  // A custom OpenAI-compatible channel: every inbound format goes upstream as chat completions.
  { wire: 'openai-chat', type: 8, model: 'gpt-5' },
  { wire: 'openai-responses', type: 1, model: 'gpt-5.1' },
  { wire: 'anthropic', type: 14, model: 'claude-sonnet-4-5' },
  { wire: 'gemini', type: 24, model: 'gemini-3-flash-preview' },
  // Thinking on through the Claude thinking adapter (`-thinking`): the signed thinking must come back before the
  // tool_use blocks whatever the agent speaks (Gemini CLI drops thought parts; it rides in the reasoning envelope).
  { wire: 'anthropic', type: 14, model: 'claude-sonnet-4-5-thinking', upstreamModel: 'claude-sonnet-4-5' },
];

const agents: ReadonlyArray<{ cli: AgentCli; extra?: Partial<AgentTarget> }> = [{ cli: claudeCode }, { cli: codex }, { cli: codex, extra: { reasoningEffort: 'high' } }, { cli: geminiCli }];

describe('coding agents through Turnpike against strict upstreams', () => {
  let server: TestServer;
  let upstream: StrictAgentUpstream;
  let base: string;
  let user: Actor;
  let key: string;

  beforeAll(async () => {
    upstream = await startStrictAgentUpstream();
    server = await startTestServer();
    const models = upstreams.map((entry) => entry.model);
    await server.context.options.set('ModelRatio', Object.fromEntries(models.map((model) => [model, 1])));
    await server.context.options.set('CompletionRatio', Object.fromEntries(models.map((model) => [model, 1])));
    base = await server.listen();
    user = await server.createUser({ username: 'agent-user', quota: 100_000_000 });
    for (const entry of upstreams) {
      const id = await addChannel(server, { baseUrl: upstream.url, models: entry.model, type: entry.type, name: entry.wire });
      // The OpenAI channel is set to the Responses API, so every inbound format (not only Responses callers) goes
      // upstream as Responses (issue 24, item 7).
      if (entry.wire === 'openai-responses') await server.context.db.updateTable('channels').set({ setting: JSON.stringify({ upstream_api: 'responses' }) }).where('id', '=', id).execute();
    }
    await server.context.relay.routing.reload();
    key = (await addApiKey(server, user)).key;
  });
  afterAll(async () => {
    await server?.stop();
    await upstream?.close();
  });
  beforeEach(() => upstream.reset());

  const consumeRows = async (): Promise<Array<{ prompt_tokens: number; completion_tokens: number; quota: number; model_name: string }>> => {
    await server.settle();
    return server.context.db.selectFrom('logs').select(['prompt_tokens', 'completion_tokens', 'quota', 'model_name']).where('user_id', '=', user.user.id).where('type', '=', 2).orderBy('id', 'asc').execute();
  };

  for (const { cli, extra } of agents) {
    for (const target of upstreams) {
      const title = `${cli.name}${extra?.reasoningEffort ? ` (model_reasoning_effort=${extra.reasoningEffort})` : ''} → ${target.wire}${target.upstreamModel ? ` (${target.model})` : ''}`;
      it(`${title}: finishes a two-turn tool loop, is told the upstream's usage, and each answer is billed exactly`, { timeout: 180_000 }, async () => {
        const rowsBefore = (await consumeRows()).length;
        const run = await cli.run({ base, key, model: target.model, ...extra });
        const diagnosis = JSON.stringify({ exit: run.exitCode, stdout: run.stdout.slice(-2000), stderr: run.stderr.slice(-2000), exchanges: upstream.exchanges }, null, 1);
        expect(upstream.exchanges.filter((exchange) => exchange.refusal !== undefined), diagnosis).toEqual([]);
        expect(run.exitCode, diagnosis).toBe(0);
        expect(agentCommand.command).not.toContain(agentCommand.output);
        expect(run.answer, diagnosis).toContain(agentCommand.output);
        const moves = upstream.exchanges.map((exchange) => exchange.move);
        expect(moves.filter((move) => move === 'call').length, diagnosis).toBeGreaterThanOrEqual(1);
        expect(moves.at(-1), diagnosis).toBe('answer');
        expect(upstream.exchanges.every((exchange) => exchange.wire === target.wire && exchange.model === (target.upstreamModel ?? target.model))).toBe(true);
        // The reasoning the upstream signed on the first turn (Anthropic thinking, Responses encrypted reasoning, Gemini
        // thought signatures) comes back to it with the tool output, whatever format the agent speaks.
        if (target.wire === 'gemini' || target.model.endsWith('-thinking') || (extra?.reasoningEffort && target.wire !== 'openai-chat')) expect(upstream.exchanges.at(-1)?.carriedReasoning, diagnosis).toBe(true);

        const answered = upstream.exchanges;
        const upstreamInput = answered.reduce((sum, exchange) => sum + exchange.promptTokens, 0);
        const upstreamOutput = answered.reduce((sum, exchange) => sum + exchange.completionTokens, 0);
        expect(run.reported, diagnosis).toEqual({ input: upstreamInput, output: upstreamOutput });

        const rows = (await consumeRows()).slice(rowsBefore);
        expect(rows.map((row) => [row.prompt_tokens, row.completion_tokens, row.quota])).toEqual(
          answered.map((exchange) => [strictPromptTokens, exchange.completionTokens, strictPromptTokens + exchange.completionTokens]),
        );
      });
    }
  }
});
