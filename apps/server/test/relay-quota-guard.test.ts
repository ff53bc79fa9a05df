// No balance below zero on any path: each call reserves its worst case (the prompt estimate, floored at
// PreConsumedQuota, plus its largest answer: the request's limit, else the model catalog's), a call the balance
// cannot cover in full is capped to what it affords or refused in the caller's error shape, a stream that outruns its
// reservation is ended, and what an answer costs beyond what the balance can cover goes unbilled, with a system row.
// The real SDKs are the clients; the mock upstream answers behind one OpenAI channel, on SQLite.
import Anthropic from '@anthropic-ai/sdk';
import { ApiError, GoogleGenAI } from '@google/genai';
import { LogType } from '@turnpike/contract';
import { bundledModelCatalog } from '@turnpike/relay';
import { startMockUpstream, type MockBehaviour, type MockUpstream } from '@turnpike/testing';
import OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LogRow } from '../src/db/schema';
import { addApiKey, addChannel } from './helpers/relay-fixtures';
import { startTestServer, type Actor, type TestServer } from './helpers/test-server';

type Inbound = 'openai-chat' | 'openai-responses' | 'anthropic' | 'gemini';
const inbounds: Inbound[] = ['openai-chat', 'openai-responses', 'anthropic', 'gemini'];

/** A model the catalog knows (16384 output tokens at most), priced by the operator. */
const model = 'gpt-4o-mini';
/** A model the catalog knows and prices ($3 / $15 per 1M tokens: ratio 1.5, completion ratio 5), left unpriced by the operator. */
const catalogModel = 'claude-sonnet-4-20250514';
/** A model neither the operator nor the catalog prices. */
const unpricedModel = 'turnpike-unpriced-model';
const catalogOutputTokens = 16_384;
/** Anthropic requires max_tokens: a large one, so the limit is not what protects the balance. */
const anthropicMaxTokens = 64_000;
/** The PreConsumedQuota default: the reserve's floor for the prompt estimate (a short prompt estimates below it). */
const preConsumedQuota = 500;
const modelRatio = 1;
const completionRatio = 2;
const minimalAnswerTokens = 16;
const capHeader = 'x-turnpike-output-cap';
const question = 'Say the words.';

/** Quota of `promptTokens` and `outputTokens` at the operator's price of `model`. */
const costOf = (promptTokens: number, outputTokens: number): number => modelRatio * (promptTokens + completionRatio * outputTokens);
/** The largest output a call without its own limit may produce, per inbound format. */
const reservedOutput = (inbound: Inbound): number => (inbound === 'anthropic' ? anthropicMaxTokens : catalogOutputTokens);
/** A call's worst case: the prompt floor plus its largest answer. */
const worstCaseOf = (inbound: Inbound): number => costOf(preConsumedQuota, reservedOutput(inbound));
/** The smallest hold a capped call accepts: the prompt floor plus a 16-token answer. */
const minimumHold = costOf(preConsumedQuota, minimalAnswerTokens);
/** The output limit a budget affords (prompt floor first), as the reserve computes it. */
const capFor = (budget: number): number => Math.floor((budget / modelRatio - preConsumedQuota) / completionRatio);

/** Pieces that are one token each for the mock and for the server's o200k counter alike. */
const oneTokenPieces = (count: number): string[] => Array.from({ length: count }, (_, index) => (index === 0 ? 'go' : ' go'));

/** What a successful call returned. */
interface Answer {
  text: string;
  /** The format's finish reason: chat `finish_reason`, Responses `incomplete_details.reason` or `status`, Anthropic `stop_reason`, Gemini `finishReason`. */
  finish: string | null | undefined;
  outputCap: string | null;
}

/** A call's outcome: its answer, or the refusal's status and body as the SDK received them. */
type Outcome = { ok: true; answer: Answer } | { ok: false; status: number | undefined; body: unknown };

/** The error body a refused call carried, rebuilt from each SDK's error. */
function refusalOf(error: unknown): Outcome {
  if (error instanceof OpenAI.APIError) return { ok: false, status: error.status, body: { error: error.error } };
  if (error instanceof Anthropic.APIError) return { ok: false, status: error.status, body: error.error };
  if (error instanceof ApiError) return { ok: false, status: error.status, body: JSON.parse(error.message) as unknown };
  throw error;
}

/** The body of a quota refusal in each caller's format, as the server renders it (packages/formats *errors*). */
function quotaRefusal(inbound: Inbound, short: 'token' | 'user'): unknown {
  const message = expect.stringMatching(short === 'token' ? /^token quota is not enough, token remain quota: / : /^user quota is not enough, user quota: /);
  const code = short === 'token' ? 'pre_consume_token_quota_failed' : 'insufficient_user_quota';
  if (inbound === 'anthropic') return { type: 'error', error: { type: 'billing_error', message } };
  if (inbound === 'gemini') return { error: { code: 403, message, status: 'PERMISSION_DENIED' } };
  return { error: { message, type: 'insufficient_quota', param: null, code } };
}

describe('relay quota guard: no balance below zero', () => {
  let server: TestServer;
  let upstream: MockUpstream;
  let base: string;
  let userSequence = 0;

  beforeAll(async () => {
    expect(bundledModelCatalog.find(model)?.maxOutputTokens).toBe(catalogOutputTokens);
    upstream = await startMockUpstream();
    server = await startTestServer();
    await server.context.options.set('ModelRatio', { [model]: modelRatio });
    await server.context.options.set('CompletionRatio', { [model]: completionRatio });
    base = await server.listen();
    await addChannel(server, { baseUrl: upstream.url, models: [model, catalogModel, unpricedModel].join(','), type: 1, key: 'openai-key' });
  });
  afterAll(async () => {
    await server.stop();
    await upstream.close();
  });
  beforeEach(() => upstream.reset());

  /** A new user with `quota` (in `group`) and a key: limited to `tokenQuota`, or unlimited. */
  async function customer(quota: number, tokenQuota: number | null, group = 'default'): Promise<{ actor: Actor; key: string; tokenId: number }> {
    userSequence += 1;
    const actor = await server.createUser({ username: `guard-${userSequence}`, quota, group });
    const { key, id } = await addApiKey(server, actor, tokenQuota === null ? {} : { unlimited_quota: false, remain_quota: tokenQuota });
    return { actor, key, tokenId: id };
  }

  async function balances(userId: number, tokenId: number): Promise<{ user: number; token: number }> {
    await server.settle();
    const { db } = server.context;
    const user = await db.selectFrom('users').select('quota').where('id', '=', userId).executeTakeFirstOrThrow();
    const token = await db.selectFrom('tokens').select('remain_quota').where('id', '=', tokenId).executeTakeFirstOrThrow();
    return { user: user.quota, token: token.remain_quota };
  }

  async function logsOf(userId: number, type: number): Promise<LogRow[]> {
    await server.settle();
    return server.context.db.selectFrom('logs').selectAll().where('user_id', '=', userId).where('type', '=', type).orderBy('id', 'asc').execute();
  }

  const sumOf = (rows: readonly LogRow[]): number => rows.reduce((total, row) => total + row.quota, 0);
  const otherOf = (row: LogRow | undefined): Record<string, unknown> => JSON.parse(row?.other ?? '{}') as Record<string, unknown>;

  /**
   * Nothing is held for the user (or the limited token): the ledger lets a probe hold exactly the balance, no less.
   * On SQLite holds live in memory, so the probe is how a test sees them; the reservations table must be empty too.
   */
  async function expectNothingHeld(userId: number, tokenId: number, tokenLimited: boolean): Promise<void> {
    const ledger = server.context.relay.ledger;
    const { user, token } = await balances(userId, tokenId);
    const probe = async (probeToken: number, expected: number): Promise<void> => {
      const held = await ledger.reserve(userId, probeToken, probeToken === 0, Number.MAX_SAFE_INTEGER, 0);
      expect(held.ok).toBe(true);
      if (!held.ok) return;
      expect(held.reservation.amount).toBe(Math.max(0, expected));
      ledger.release(held.reservation, null);
    };
    await probe(0, user);
    if (tokenLimited) await probe(tokenId, Math.min(user, token));
    await server.settle();
    expect(await server.context.db.selectFrom('reservations').selectAll().where('user_id', '=', userId).execute()).toEqual([]);
  }

  /** Sends one call from `key` in the `inbound` format, without an output limit (Anthropic: max_tokens 64000). */
  async function ask(inbound: Inbound, key: string, stream: boolean, options: { model?: string; signal?: AbortSignal } = {}): Promise<Outcome> {
    const callModel = options.model ?? model;
    try {
      if (inbound === 'openai-chat') {
        const client = new OpenAI({ apiKey: key, baseURL: `${base}/v1`, maxRetries: 0 });
        const messages = [{ role: 'user' as const, content: question }];
        if (!stream) {
          const { data, response } = await client.chat.completions.create({ model: callModel, messages }, { signal: options.signal }).withResponse();
          const choice = data.choices[0];
          return { ok: true, answer: { text: choice?.message.content ?? '', finish: choice?.finish_reason, outputCap: response.headers.get(capHeader) } };
        }
        const { data, response } = await client.chat.completions.create({ model: callModel, messages, stream: true }, { signal: options.signal }).withResponse();
        let text = '';
        let finish: string | null | undefined;
        for await (const chunk of data) {
          text += chunk.choices[0]?.delta?.content ?? '';
          finish = chunk.choices[0]?.finish_reason ?? finish;
        }
        return { ok: true, answer: { text, finish, outputCap: response.headers.get(capHeader) } };
      }
      if (inbound === 'openai-responses') {
        const client = new OpenAI({ apiKey: key, baseURL: `${base}/v1`, maxRetries: 0 });
        if (!stream) {
          const { data, response } = await client.responses.create({ model: callModel, input: question }).withResponse();
          return { ok: true, answer: { text: data.output_text, finish: data.incomplete_details?.reason ?? data.status, outputCap: response.headers.get(capHeader) } };
        }
        const { data, response } = await client.responses.create({ model: callModel, input: question, stream: true }).withResponse();
        let text = '';
        let finish: string | null | undefined;
        for await (const event of data) {
          if (event.type === 'response.output_text.delta') text += event.delta;
          if (event.type === 'response.completed' || event.type === 'response.incomplete') finish = event.response.incomplete_details?.reason ?? event.response.status;
        }
        return { ok: true, answer: { text, finish, outputCap: response.headers.get(capHeader) } };
      }
      if (inbound === 'anthropic') {
        // An explicit timeout: the SDK refuses non-streamed calls whose max_tokens suggests more than ten minutes.
        const client = new Anthropic({ apiKey: key, baseURL: base, maxRetries: 0, timeout: 60_000 });
        const params = { model: callModel, max_tokens: anthropicMaxTokens, messages: [{ role: 'user' as const, content: question }] };
        if (!stream) {
          const { data, response } = await client.messages.create(params).withResponse();
          const text = data.content.map((block) => (block.type === 'text' ? block.text : '')).join('');
          return { ok: true, answer: { text, finish: data.stop_reason, outputCap: response.headers.get(capHeader) } };
        }
        const { data, response } = await client.messages.create({ ...params, stream: true }).withResponse();
        let text = '';
        let finish: string | null | undefined;
        for await (const event of data) {
          if (event.type === 'content_block_delta' && event.delta.type === 'text_delta') text += event.delta.text;
          if (event.type === 'message_delta') finish = event.delta.stop_reason;
        }
        return { ok: true, answer: { text, finish, outputCap: response.headers.get(capHeader) } };
      }
      const client = new GoogleGenAI({ apiKey: key, httpOptions: { baseUrl: base } });
      const request = { model: callModel, contents: question };
      if (!stream) {
        const response = await client.models.generateContent(request);
        return { ok: true, answer: { text: response.text ?? '', finish: response.candidates?.[0]?.finishReason, outputCap: response.sdkHttpResponse?.headers?.[capHeader] ?? null } };
      }
      let text = '';
      let finish: string | undefined;
      let outputCap: string | null = null;
      for await (const chunk of await client.models.generateContentStream(request)) {
        text += chunk.text ?? '';
        finish = chunk.candidates?.[0]?.finishReason ?? finish;
        outputCap = chunk.sdkHttpResponse?.headers?.[capHeader] ?? outputCap;
      }
      return { ok: true, answer: { text, finish, outputCap } };
    } catch (error) {
      return refusalOf(error);
    }
  }

  describe('60 concurrent calls without an output limit against a balance that affords about 9 of them', () => {
    const answerPieces = 3;
    for (const inbound of inbounds) {
      for (const stream of [false, true]) {
        for (const short of ['token', 'user'] as const) {
          const holder = short === 'token' ? 'a limited token of a rich user' : 'a poor user with an unlimited token';
          it(`${inbound}${stream ? ' (stream)' : ''}: ${holder}`, async () => {
            const worst = worstCaseOf(inbound);
            // Every answer produces its whole reserve (its reported prompt is the floor, its output the largest answer,
            // mostly hidden reasoning so streams stay short): a call costs exactly its worst case.
            upstream.setBehaviour({ promptTokens: preConsumedQuota, chunkCount: answerPieces, reasoningTokens: reservedOutput(inbound) - answerPieces });
            const perCall = worst;
            // Nine worst cases and a rest too small for even a capped call.
            const budget = 9 * worst + minimumHold - 1;
            const rich = 1_000_000_000;
            const { actor, key, tokenId } = await customer(short === 'user' ? budget : rich, short === 'token' ? budget : null);
            const before = await balances(actor.user.id, tokenId);

            const outcomes = await Promise.all(Array.from({ length: 60 }, () => ask(inbound, key, stream)));
            const successes = outcomes.filter((outcome) => outcome.ok);
            const refusals = outcomes.filter((outcome): outcome is Extract<Outcome, { ok: false }> => !outcome.ok);

            const after = await balances(actor.user.id, tokenId);
            expect(after.user).toBeGreaterThanOrEqual(0);
            expect(after.token).toBeGreaterThanOrEqual(0);
            // Each call costs exactly what it holds, so whatever the interleaving a call finds the budget less k worst
            // cases (k calls held or settled): a whole worst case while k < 9, else less than the smallest capped hold.
            // Exactly nine succeed, none capped, and the rest are refused.
            const affordable = Math.floor(budget / perCall);
            expect(affordable).toBe(9);
            expect(successes.length).toBeLessThanOrEqual(affordable);
            expect(successes.length).toBe(affordable);
            for (const success of successes) expect(success.ok && success.answer).toMatchObject({ text: 'w1 w2 w3', outputCap: null });

            expect(refusals).toHaveLength(60 - affordable);
            for (const refusal of refusals) expect(refusal).toEqual({ ok: false, status: 403, body: quotaRefusal(inbound, short) });

            const consumed = await logsOf(actor.user.id, LogType.Consume);
            expect(consumed).toHaveLength(successes.length);
            for (const row of consumed) {
              expect(row).toMatchObject({ quota: perCall, prompt_tokens: preConsumedQuota, completion_tokens: reservedOutput(inbound), is_stream: stream ? 1 : 0 });
              expect(otherOf(row).unbilled_quota).toBeUndefined();
              expect(otherOf(row).output_cap).toBeUndefined();
            }
            expect(await logsOf(actor.user.id, LogType.System)).toEqual([]);
            expect(sumOf(consumed)).toBe(before.user - after.user);
            if (short === 'token') expect(sumOf(consumed)).toBe(before.token - after.token);
            else expect(after.token).toBe(before.token);
            expect(short === 'token' ? after.token : after.user).toBe(budget - affordable * perCall);
            await expectNothingHeld(actor.user.id, tokenId, short === 'token');
          });
        }
      }
    }
  });

  describe('a call the balance cannot cover in full', () => {
    /**
     * A user of a group of its own, with `quota`, whose first call holds a whole worst case: its upstream (a mock of the
     * group's own channel) never answers, until `release` closes that mock, which fails the call and returns its hold.
     */
    async function withHoldingCall(quota: number, behaviour: Partial<MockBehaviour>) {
      const group = `guard-hold-${userSequence + 1}`;
      const own = await startMockUpstream();
      await addChannel(server, { baseUrl: own.url, models: model, type: 1, key: 'holder-key', group });
      const { actor, key, tokenId } = await customer(quota, null, group);
      own.queueBehaviour({ fault: { type: 'hang' } });
      own.setBehaviour(behaviour);
      const held = ask('openai-chat', key, false);
      // Once the mock has the first call, its reservation is held.
      await expect.poll(() => own.requests.length).toBe(1);
      const release = async (): Promise<void> => {
        await own.close();
        expect(await held).toMatchObject({ ok: false, status: 502 });
        expect(await logsOf(actor.user.id, LogType.Error)).toHaveLength(1);
      };
      return { actor, key, tokenId, own, release };
    }

    it('is capped to what the balance affords while another call holds a worst case, and the upstream gets the lowered limit', async () => {
      const worst = worstCaseOf('openai-chat');
      const quota = worst + Math.floor(worst / 2);
      const cap = capFor(quota - worst);
      expect(cap).toBe(8067);
      const { actor, key, tokenId, own, release } = await withHoldingCall(quota, { promptTokens: 10, chunkCount: cap + 200, honorsOutputLimit: true });

      const client = new OpenAI({ apiKey: key, baseURL: `${base}/v1`, maxRetries: 0 });
      const { data, response } = await client.chat.completions.create({ model, messages: [{ role: 'user', content: question }] }).withResponse();
      expect(response.headers.get(capHeader)).toBe(String(cap));
      expect(data.choices[0]?.finish_reason).toBe('length');
      expect(data.usage).toMatchObject({ prompt_tokens: 10, completion_tokens: cap });
      expect((own.requests[0]?.body as Record<string, unknown>).max_tokens).toBeUndefined();
      expect((own.requests[1]?.body as Record<string, unknown>).max_tokens).toBe(cap);
      await release();

      const consumed = await logsOf(actor.user.id, LogType.Consume);
      expect(consumed).toHaveLength(1);
      expect(consumed[0]).toMatchObject({ quota: costOf(10, cap), prompt_tokens: 10, completion_tokens: cap });
      expect(otherOf(consumed[0]).output_cap).toBe(cap);
      expect(String(otherOf(consumed[0]).output_cap)).toBe(response.headers.get(capHeader));
      expect(otherOf(consumed[0]).warnings).toContain(`the output limit was lowered to ${cap} tokens, what the balance affords`);
      const after = await balances(actor.user.id, tokenId);
      expect(after.user).toBe(quota - costOf(10, cap));
      expect(sumOf(consumed)).toBe(quota - after.user);
      await expectNothingHeld(actor.user.id, tokenId, false);
    });

    it('is refused with 403 instead when QuotaOutputCapEnabled is off', async () => {
      await server.context.options.set('QuotaOutputCapEnabled', false);
      try {
        const worst = worstCaseOf('openai-chat');
        const quota = worst + Math.floor(worst / 2);
        const { actor, key, tokenId, own, release } = await withHoldingCall(quota, { promptTokens: 10, chunkCount: 10, honorsOutputLimit: true });

        expect(await ask('openai-chat', key, false)).toEqual({ ok: false, status: 403, body: quotaRefusal('openai-chat', 'user') });
        expect(own.requests).toHaveLength(1);
        await release();

        expect(await logsOf(actor.user.id, LogType.Consume)).toEqual([]);
        expect((await balances(actor.user.id, tokenId)).user).toBe(quota);
        await expectNothingHeld(actor.user.id, tokenId, false);
      } finally {
        await server.context.options.set('QuotaOutputCapEnabled', true);
      }
    });

    for (const inbound of inbounds) {
      for (const stream of [false, true]) {
        it(`is capped in the ${inbound} format${stream ? ' (stream)' : ''}: the upstream cuts its answer to the lowered limit`, async () => {
          const cap = 1000;
          const quota = costOf(preConsumedQuota, cap);
          const { actor, key, tokenId } = await customer(quota, null);
          upstream.setBehaviour({ promptTokens: 10, replyChunks: oneTokenPieces(cap + 200), honorsOutputLimit: true });
          const outcome = await ask(inbound, key, stream);
          const lengthFinish = { 'openai-chat': 'length', 'openai-responses': 'max_output_tokens', anthropic: 'max_tokens', gemini: 'MAX_TOKENS' }[inbound];
          expect(outcome).toEqual({ ok: true, answer: { text: oneTokenPieces(cap).join(''), finish: lengthFinish, outputCap: String(cap) } });
          const sent = upstream.requests[0]?.body as Record<string, unknown>;
          expect(inbound === 'openai-responses' ? sent.max_output_tokens : (sent.max_tokens ?? sent.max_completion_tokens)).toBe(cap);
          const consumed = await logsOf(actor.user.id, LogType.Consume);
          expect(consumed).toHaveLength(1);
          expect(consumed[0]).toMatchObject({ quota: costOf(10, cap), prompt_tokens: 10, completion_tokens: cap });
          expect(otherOf(consumed[0]).output_cap).toBe(cap);
          const after = await balances(actor.user.id, tokenId);
          expect(after.user).toBe(quota - costOf(10, cap));
          expect(sumOf(consumed)).toBe(quota - after.user);
          await expectNothingHeld(actor.user.id, tokenId, false);
        });
      }
    }
  });

  describe('an upstream that ignores the lowered limit', () => {
    const cap = 1000;
    const quota = costOf(preConsumedQuota, cap);
    const pieces = 3000;

    for (const inbound of ['openai-chat', 'anthropic'] as const) {
      it(`has its stream ended at what the call holds (${inbound} in, OpenAI upstream)`, async () => {
        const { actor, key, tokenId } = await customer(quota, null);
        upstream.setBehaviour({ promptTokens: 10, replyChunks: oneTokenPieces(pieces), honorsOutputLimit: false });
        const outcome = await ask(inbound, key, true);
        expect(outcome.ok).toBe(true);
        if (!outcome.ok) return;
        expect(outcome.answer.outputCap).toBe(String(cap));
        expect(outcome.answer.finish).toBe(inbound === 'openai-chat' ? 'length' : 'max_tokens');
        const received = outcome.answer.text.split(' ').length;
        expect(received).toBeGreaterThanOrEqual(cap);
        expect(received).toBeLessThan(pieces);
        expect((upstream.requests[0]?.body as Record<string, unknown>).max_tokens).toBe(cap);

        const consumed = await logsOf(actor.user.id, LogType.Consume);
        expect(consumed).toHaveLength(1);
        expect(otherOf(consumed[0]).warnings).toContain('the answer outran what the call held: the stream was ended');
        expect(otherOf(consumed[0]).output_cap).toBe(cap);
        const after = await balances(actor.user.id, tokenId);
        expect(after.user).toBeGreaterThanOrEqual(0);
        expect(sumOf(consumed)).toBe(quota - after.user);
        // What the stream cost beyond the hold (it is ended just past it) is recorded, never charged.
        const unbilled = Number(otherOf(consumed[0]).unbilled_quota ?? 0);
        const shortfall = await logsOf(actor.user.id, LogType.System);
        expect(shortfall).toHaveLength(unbilled > 0 ? 1 : 0);
        if (unbilled > 0) expect(otherOf(shortfall[0]).unbilled_quota).toBe(unbilled);
        await expectNothingHeld(actor.user.id, tokenId, false);
      });
    }

    it('bills exactly what the balance held for a whole answer larger than the reservation, and records the rest as unbilled', async () => {
      const { actor, key, tokenId } = await customer(quota, null);
      upstream.setBehaviour({ promptTokens: 10, chunkCount: pieces, honorsOutputLimit: false });
      const outcome = await ask('openai-chat', key, false);
      expect(outcome).toMatchObject({ ok: true, answer: { finish: 'stop', outputCap: String(cap) } });
      expect((upstream.requests[0]?.body as Record<string, unknown>).max_tokens).toBe(cap);

      const owed = costOf(10, pieces);
      const consumed = await logsOf(actor.user.id, LogType.Consume);
      expect(consumed).toHaveLength(1);
      expect(consumed[0]).toMatchObject({ quota, prompt_tokens: 10, completion_tokens: pieces });
      expect(otherOf(consumed[0])).toMatchObject({ output_cap: cap, unbilled_quota: owed - quota });
      expect(otherOf(consumed[0]).warnings).toContain(`the answer cost ${owed - quota} more than the balance could cover: left unbilled`);
      const shortfall = await logsOf(actor.user.id, LogType.System);
      expect(shortfall).toHaveLength(1);
      expect(shortfall[0]).toMatchObject({ quota: 0, model_name: model, request_id: consumed[0]?.request_id });
      expect(shortfall[0]?.content).toContain('left unbilled');
      expect(otherOf(shortfall[0])).toEqual({ unbilled_quota: owed - quota, owed_quota: owed, billed_quota: quota });
      const after = await balances(actor.user.id, tokenId);
      expect(after.user).toBe(0);
      expect(sumOf(consumed)).toBe(quota - after.user);
      await expectNothingHeld(actor.user.id, tokenId, false);
    });
  });

  describe('a client that leaves before the upstream answers', () => {
    it('has its upstream call dropped and its hold returned at once, with an error row', async () => {
      const hanging = await startMockUpstream({ behaviour: { fault: { type: 'hang' } } });
      try {
        await addChannel(server, { baseUrl: hanging.url, models: model, type: 1, key: 'hanging-key', group: 'hangers' });
        const { actor, key, tokenId } = await customer(1_000_000, null, 'hangers');
        const client = new OpenAI({ apiKey: key, baseURL: `${base}/v1`, maxRetries: 0 });
        const controller = new AbortController();
        const call = client.chat.completions.create({ model, messages: [{ role: 'user', content: question }] }, { signal: controller.signal });
        await expect.poll(() => hanging.requests.length).toBe(1);
        controller.abort();
        await expect(call).rejects.toThrow();
        // The relay notices the client is gone while it waits for the upstream: no hold is left for the user.
        await expect.poll(async () => (await logsOf(actor.user.id, LogType.Error)).length).toBe(1);
        expect(await logsOf(actor.user.id, LogType.Consume)).toHaveLength(0);
        expect((await balances(actor.user.id, tokenId)).user).toBe(1_000_000);
        await expectNothingHeld(actor.user.id, tokenId, false);
      } finally {
        await hanging.close();
      }
    });
  });

  describe('prices for models the operator has not priced', () => {
    it("reserves and bills at the catalog's list price, and the operator's ratio wins once set", async () => {
      const { actor, key, tokenId } = await customer(10_000_000, null);
      upstream.setBehaviour({ promptTokens: 10, chunkCount: 3 });
      expect(await ask('openai-chat', key, false, { model: catalogModel })).toMatchObject({ ok: true, answer: { text: 'w1 w2 w3', outputCap: null } });
      // $3 per 1M input tokens is ratio 1.5, $15 output is completion ratio 5: 1.5 × (10 + 3 × 5) = 37.5, rounded half up.
      let consumed = await logsOf(actor.user.id, LogType.Consume);
      expect(consumed).toHaveLength(1);
      expect(consumed[0]).toMatchObject({ model_name: catalogModel, quota: 38 });
      expect(otherOf(consumed[0])).toMatchObject({ model_ratio: 1.5, completion_ratio: 5 });

      const refused = await ask('openai-chat', key, false, { model: unpricedModel });
      expect(refused).toMatchObject({ ok: false, status: 403, body: { error: { code: 'model_price_not_configured' } } });

      await server.context.options.set('ModelRatio', { [model]: modelRatio, [catalogModel]: 2 });
      try {
        expect(await ask('openai-chat', key, false, { model: catalogModel })).toMatchObject({ ok: true });
        consumed = await logsOf(actor.user.id, LogType.Consume);
        expect(consumed).toHaveLength(2);
        expect(consumed[1]).toMatchObject({ model_name: catalogModel, quota: 2 * (10 + 3 * 5) });
        expect(otherOf(consumed[1])).toMatchObject({ model_ratio: 2, completion_ratio: 5 });
      } finally {
        await server.context.options.set('ModelRatio', { [model]: modelRatio });
      }
      const after = await balances(actor.user.id, tokenId);
      expect(sumOf(consumed)).toBe(10_000_000 - after.user);
      await expectNothingHeld(actor.user.id, tokenId, false);
    });
  });
});
