// A strict mock upstream for coding agents: the mock upstream's four text dialects (OpenAI chat, OpenAI Responses,
// Anthropic Messages, Gemini), each request first checked against the provider's documented rules (a broken one is
// refused with the provider's own 400 body), then answered by a scripted model playing a two-turn tool loop. Every
// answer's usage is written down, so a test can compare what the agent was told and what was billed with it.
import { isObject } from '../mock-json';
import type { MockExchange, MockRoute } from '../mock-exchange';
import { mockAnthropicThinking, mockAnthropicToolUseId, wantsThinking } from '../mock-anthropic-routes';
import { mockRoutes, startMockUpstream, type MockUpstream } from '../mock-upstream';
import { agentMove, geminiModelOfPath, wireOfPath, type AgentWire } from './agent-turns';
import { anthropicRules, issuedThinkingRule } from './strict-anthropic-rules';
import { functionCallKey, geminiRules, issuedThoughtsRule } from './strict-gemini-rules';
import { openAiChatRules, openAiResponsesRules } from './strict-openai-rules';
import { firstRefusal, type StrictRule } from './strict-rule';

/** The rules each wire's requests are checked against. */
export const strictRulesByWire: Readonly<Record<AgentWire, readonly StrictRule[]>> = {
  'openai-chat': openAiChatRules,
  'openai-responses': openAiResponsesRules,
  anthropic: anthropicRules,
  gemini: geminiRules,
};

/** Prompt tokens every answer of the strict mock reports. */
export const strictPromptTokens = 1000;

/** One request the strict mock answered or refused. */
export interface StrictExchange {
  wire: AgentWire;
  model: string;
  /** The provider's 400 body when a rule refused the request. */
  refusal?: unknown;
  /** What the scripted model did: called the shell tool, answered with its output, or just chatted (side calls). */
  move?: 'call' | 'answer' | 'chat';
  /** The request carried reasoning state this mock issued earlier (a thinking signature, encrypted reasoning or a thought signature). */
  carriedReasoning: boolean;
  /** The usage the answer reports. */
  promptTokens: number;
  completionTokens: number;
}

/** A running strict agent upstream. */
export interface StrictAgentUpstream {
  readonly mock: MockUpstream;
  readonly url: string;
  /** Every checked request, oldest first. */
  readonly exchanges: StrictExchange[];
  /** Forgets the exchanges and the mock's recorded requests. */
  reset(): void;
  close(): Promise<void>;
}

/** The reasoning state the mock routes issue: Anthropic thinking signatures, Responses encrypted reasoning, Gemini thought signatures. */
const issuedReasoning = /mock-signature-\d+|mock-encrypted-\d+|mock-thought-\d+/;

/** What the mock issued that must come back unchanged: signed thinking per tool_use id, thought signatures per call. */
interface IssuedReasoning {
  thinking: Map<string, { text: string; signature: string }>;
  thoughts: Map<string, Set<string>>;
}

function strictRoute(route: MockRoute, exchanges: StrictExchange[], issued: IssuedReasoning): MockRoute {
  const issuedRules: Readonly<Partial<Record<AgentWire, StrictRule>>> = { anthropic: issuedThinkingRule(issued.thinking), gemini: issuedThoughtsRule(issued.thoughts) };
  return {
    ...route,
    async handle(exchange: MockExchange): Promise<void> {
      const wire = wireOfPath(exchange.request.path);
      const body = exchange.request.body;
      if (!wire || !isObject(body)) return route.handle(exchange);
      const model = wire === 'gemini' ? geminiModelOfPath(exchange.request.path) : String(body.model);
      const carriedReasoning = issuedReasoning.test(exchange.request.rawBody.toString('utf8'));
      const checked = wire === 'gemini' ? { ...body, model } : body;
      const issuedRule = issuedRules[wire];
      const refusal = firstRefusal(strictRulesByWire[wire], checked) ?? issuedRule?.(checked);
      if (refusal) {
        exchanges.push({ wire, model, refusal: refusal.body, carriedReasoning, promptTokens: 0, completionTokens: 0 });
        return exchange.sendJson(refusal.status, refusal.body);
      }
      const move = agentMove(wire, body);
      const reasoningTokens = exchange.behaviour.reasoningTokens;
      const replyChunks = move.kind === 'answer' ? move.pieces : exchange.behaviour.replyChunks;
      const pieces = replyChunks?.length ?? exchange.behaviour.chunkCount;
      exchanges.push({ wire, model, move: move.kind, carriedReasoning, promptTokens: strictPromptTokens, completionTokens: (move.kind === 'call' ? 1 : pieces) + reasoningTokens });
      const replyToolCall = move.kind === 'call' ? { ...move.call, signature: wire === 'gemini' ? `mock-thought-${exchange.sequence}` : undefined } : undefined;
      if (move.kind === 'call' && wire === 'anthropic' && wantsThinking(body)) issued.thinking.set(mockAnthropicToolUseId(exchange.sequence), mockAnthropicThinking(exchange.sequence));
      if (move.kind === 'call' && replyToolCall?.signature !== undefined) {
        const key = functionCallKey(move.call.name ?? '', move.call.arguments);
        issued.thoughts.set(key, (issued.thoughts.get(key) ?? new Set()).add(replyToolCall.signature));
      }
      return route.handle({ ...exchange, behaviour: { ...exchange.behaviour, promptTokens: strictPromptTokens, replyToolCall, replyChunks } });
    },
  };
}

/** Starts the strict agent upstream on 127.0.0.1 and an ephemeral port. */
export async function startStrictAgentUpstream(): Promise<StrictAgentUpstream> {
  const exchanges: StrictExchange[] = [];
  const issued: IssuedReasoning = { thinking: new Map(), thoughts: new Map() };
  // An agent thinks and runs tools between calls: idle connections stay open longer than those pauses, so Turnpike never
  // reuses one the mock is closing at that moment.
  const mock = await startMockUpstream({ routes: mockRoutes.map((route) => strictRoute(route, exchanges, issued)), keepAliveTimeoutMs: 10 * 60_000 });
  return {
    mock,
    url: mock.url,
    exchanges,
    reset() {
      exchanges.length = 0;
      issued.thinking.clear();
      issued.thoughts.clear();
      mock.reset();
    },
    close: () => mock.close(),
  };
}
