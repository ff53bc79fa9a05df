// The reasoning envelope: provider reasoning state (Anthropic thinking text with its signature or redacted data, OpenAI
// Responses `encrypted_content`, Gemini thought signatures) packed into one opaque string that travels in a slot the
// client echoes unchanged (a tool call id, a Gemini `thoughtSignature`, a Responses `encrypted_content`) and is opened
// again when the client sends its history back, so the upstream receives its own reasoning state.
//
// Form: `tpr1_` + base64url(mac[16] ‖ deflateRaw(JSON)). The mac is HMAC-SHA256 (first 128 bits) under a key derived
// from the server's session secret, so every instance sharing that secret opens what any of them sealed. The mac is
// checked before anything is inflated or parsed: a client cannot make the gateway inflate or trust bytes it did not
// mint, nor replay an envelope minted by another deployment. (Forging a provider signature gains a client nothing
// it could not send in the provider's own format; the check is about integrity and untrusted input.)
import crypto from 'node:crypto';
import zlib from 'node:zlib';
import type { CanonicalReasoningPart } from './canonical-model';

/** What one envelope carries: the reasoning that preceded a tool call (or one reasoning block) and the call's own signature. */
export interface ReasoningEnvelopeContent {
  reasoning: CanonicalReasoningPart[];
  /** The provider's token bound to the call itself (Gemini's functionCall `thoughtSignature`). */
  signature?: string;
}

/** Seals and opens reasoning envelopes under one server secret. */
export interface ReasoningEnvelope {
  /** The envelope of `content`, or undefined when it exceeds `reasoningEnvelopeMaxLength`. */
  seal(content: ReasoningEnvelopeContent): string | undefined;
  /** The content of an envelope this server sealed; undefined for anything else (wrong mac, truncated, not an envelope). */
  open(token: string): ReasoningEnvelopeContent | undefined;
}

/** Every envelope starts with this (version 1); only characters valid in every provider's tool call ids follow. */
export const reasoningEnvelopePrefix = 'tpr1_';

/** The longest envelope sealed or opened (characters, prefix included); larger reasoning falls back to the call's signature alone. */
export const reasoningEnvelopeMaxLength = 32 * 1024;

/** Bytes of the truncated HMAC-SHA256 at the start of the sealed bytes. */
const macLength = 16;

/** The inflated JSON may be at most this long (the sealed side never produces more: deflate does not expand text 8-fold). */
const maxInflatedLength = reasoningEnvelopeMaxLength * 8;

/** The label that separates this key from every other use of the session secret. */
const keyLabel = 'turnpike reasoning envelope v1';

/** True when `value` has the envelope's form (it may still fail `open`). */
export function isReasoningEnvelope(value: string | undefined): value is string {
  return value !== undefined && value.startsWith(reasoningEnvelopePrefix);
}

/** A reasoning block on the wire: `[text]`, `[text, signature]` or `[text, data, 1]` for redacted reasoning. */
type PackedReasoning = [string] | [string, string] | [string, string, 1];

function pack(part: CanonicalReasoningPart): PackedReasoning {
  if (part.redacted === true) return [part.text, part.signature ?? '', 1];
  return part.signature === undefined ? [part.text] : [part.text, part.signature];
}

function unpack(value: unknown): CanonicalReasoningPart | undefined {
  if (!Array.isArray(value) || typeof value[0] !== 'string') return undefined;
  const [text, signature, redacted] = value as unknown[];
  if (signature === undefined) return { type: 'reasoning', text: text as string };
  if (typeof signature !== 'string') return undefined;
  return redacted === 1 ? { type: 'reasoning', text: text as string, signature, redacted: true } : { type: 'reasoning', text: text as string, signature };
}

function parseContent(json: string): ReasoningEnvelopeContent | undefined {
  const value = JSON.parse(json) as { r?: unknown; s?: unknown };
  if (!Array.isArray(value.r) || (value.s !== undefined && typeof value.s !== 'string')) return undefined;
  const reasoning: CanonicalReasoningPart[] = [];
  for (const packed of value.r) {
    const part = unpack(packed);
    if (!part) return undefined;
    reasoning.push(part);
  }
  return value.s === undefined ? { reasoning } : { reasoning, signature: value.s };
}

/** The envelope codec keyed by `secret` (the server's session secret: the same on every instance of one deployment). */
export function createReasoningEnvelope(secret: string): ReasoningEnvelope {
  const key = crypto.createHmac('sha256', secret).update(keyLabel).digest();
  const macOf = (payload: Uint8Array): Buffer => crypto.createHmac('sha256', key).update(payload).digest().subarray(0, macLength);
  return {
    seal(content) {
      const json = JSON.stringify(content.signature === undefined ? { r: content.reasoning.map(pack) } : { r: content.reasoning.map(pack), s: content.signature });
      const payload = zlib.deflateRawSync(json);
      // base64url of the mac and payload is 4/3 their size: refuse before encoding what cannot fit.
      if (reasoningEnvelopePrefix.length + Math.ceil(((macLength + payload.length) * 4) / 3) > reasoningEnvelopeMaxLength) return undefined;
      return reasoningEnvelopePrefix + Buffer.concat([macOf(payload), payload]).toString('base64url');
    },
    open(token) {
      if (!isReasoningEnvelope(token) || token.length > reasoningEnvelopeMaxLength) return undefined;
      const bytes = Buffer.from(token.slice(reasoningEnvelopePrefix.length), 'base64url');
      if (bytes.length <= macLength) return undefined;
      const payload = bytes.subarray(macLength);
      if (!crypto.timingSafeEqual(bytes.subarray(0, macLength), macOf(payload))) return undefined;
      try {
        return parseContent(zlib.inflateRawSync(payload, { maxOutputLength: maxInflatedLength }).toString('utf8'));
      } catch {
        return undefined;
      }
    },
  };
}
