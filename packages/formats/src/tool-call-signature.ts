// A provider's reasoning token bound to one tool call (Gemini's `thoughtSignature` on a functionCall) has no field in
// the Anthropic, OpenAI chat and Responses shapes. It travels in the call id the client gets, sealed after a marker,
// and comes back with the id on the next turn, so the upstream sees its own signature instead of the validator-skip
// placeholder. Ids without the marker are the caller's own and pass unchanged.
// @see https://ai.google.dev/gemini-api/docs/thought-signatures

/** Separates the call's own id from the sealed signature (base64url never forms it before the first marker). */
const signatureMarker = '_tpsig_';

/** Signatures longer than this are not sealed (the call falls back to the placeholder), so ids stay bounded. */
export const sealedSignatureMaxLength = 8192;

/** The id a client gets for a call: `id` alone, or `id` with `signature` sealed into it when it fits. */
export function sealToolCallId(id: string, signature: string | undefined): string {
  if (signature === undefined || signature.length === 0 || signature.length > sealedSignatureMaxLength) return id;
  return `${id}${signatureMarker}${Buffer.from(signature, 'utf8').toString('base64url')}`;
}

/** A call id a client sent back, split into the call's own id and the signature sealed into it, if any. */
export function openToolCallId(sealed: string): { id: string; signature?: string } {
  const at = sealed.indexOf(signatureMarker);
  if (at <= 0) return { id: sealed };
  const signature = Buffer.from(sealed.slice(at + signatureMarker.length), 'base64url').toString('utf8');
  return signature.length > 0 ? { id: sealed.slice(0, at), signature } : { id: sealed.slice(0, at) };
}

/** The call's own id, whatever was sealed into it (for tool results, which name the call). */
export function unsealedToolCallId(sealed: string): string {
  const at = sealed.indexOf(signatureMarker);
  return at <= 0 ? sealed : sealed.slice(0, at);
}
