// A tool call's reasoning envelope (reasoning-envelope.ts: Gemini's functionCall `thoughtSignature`, or the reasoning
// that preceded the call) has no field in the Anthropic, OpenAI chat and Responses shapes. It travels in the call id
// the client gets, after the call's own id, and comes back with the id on the next turn. Ids without an envelope are
// the caller's own and pass unchanged.
// @see https://ai.google.dev/gemini-api/docs/thought-signatures
import { isReasoningEnvelope, reasoningEnvelopePrefix } from './reasoning-envelope';

/** Separates the call's own id from its envelope (`toolu_01_tpr1_…`). */
const envelopeMarker = `_${reasoningEnvelopePrefix}`;

/** The id a client gets for a call: `id` alone, or `id` with the call's envelope after it (a raw signature is not sealed). */
export function sealToolCallId(id: string, signature: string | undefined): string {
  return isReasoningEnvelope(signature) ? `${id}_${signature}` : id;
}

/** A call id a client sent back, split into the call's own id and the envelope after it, if any (opened later). */
export function openToolCallId(sealed: string): { id: string; signature?: string } {
  const at = sealed.indexOf(envelopeMarker);
  return at <= 0 ? { id: sealed } : { id: sealed.slice(0, at), signature: sealed.slice(at + 1) };
}

/** The call's own id, whatever was sealed into it (for tool results, which name the call). */
export function unsealedToolCallId(sealed: string): string {
  const at = sealed.indexOf(envelopeMarker);
  return at <= 0 ? sealed : sealed.slice(0, at);
}
