// The bot check (Cloudflare Turnstile): a port, its siteverify implementation and the `?turnstile=` pre-handler.
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { request } from 'undici';
import { badRequest } from '../http/api-error';
import type { OptionStore } from '../options/option-store';

/** Verifies a challenge token solved in the browser. */
export interface TurnstileVerifier {
  verify(token: string, remoteIp: string): Promise<boolean>;
}

const siteverifyUrl = 'https://challenges.cloudflare.com/turnstile/v0/siteverify';

/** Asks Cloudflare's siteverify with the TurnstileSecretKey option; a network failure counts as a failed check. */
export class CloudflareTurnstileVerifier implements TurnstileVerifier {
  constructor(private readonly options: OptionStore) {}

  async verify(token: string, remoteIp: string): Promise<boolean> {
    try {
      const response = await request(siteverifyUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ secret: this.options.string('TurnstileSecretKey'), response: token, remoteip: remoteIp }).toString(),
        headersTimeout: 10_000,
        bodyTimeout: 10_000,
      });
      const answer = (await response.body.json()) as { success?: unknown };
      return answer.success === true;
    } catch {
      return false;
    }
  }
}

/** Messages of the bot check. */
export const turnstileMessages = {
  missing: 'the bot check is not finished yet, please retry in a few seconds',
  failed: 'the bot check failed, please refresh the page and try again',
} as const;

/** Pre-handler: when TurnstileCheckEnabled, the `turnstile` query token must be present and verify. */
export function turnstileCheck(options: OptionStore, verifier: () => TurnstileVerifier): preHandlerAsyncHookHandler {
  return async (request: FastifyRequest) => {
    if (!options.bool('TurnstileCheckEnabled')) return;
    const token = String((request.query as Record<string, unknown>).turnstile ?? '').trim();
    if (!token) throw badRequest(turnstileMessages.missing);
    if (!(await verifier().verify(token, request.ip))) throw badRequest(turnstileMessages.failed);
  };
}
