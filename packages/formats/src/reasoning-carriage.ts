// How reasoning state crosses formats through the client and back (issue 20): a converted answer puts what the
// client's format cannot hand back into reasoning envelopes (reasoning-envelope.ts), and a converted request opens
// them again before it is encoded for the upstream.
//
// By what the client returns (`ReasoningReturn` of its format):
// - `blocks` (Anthropic): reasoning travels as thinking blocks as it is; only a tool call's own signature (Gemini's
//   functionCall `thoughtSignature`) is sealed, into the tool_use id.
// - `signatures` (OpenAI Responses): each signed reasoning block is sealed whole (text, signature, redacted flag) into
//   its item's `encrypted_content`, which clients replay unchanged; a tool call's signature goes into its `call_id`.
// - `none` (chat completions; Gemini CLI drops thought parts): the reasoning since the previous tool call is sealed
//   with the next call (its id, or its Gemini `thoughtSignature`); the client sees the reasoning text only, unsigned.
// An envelope over the size bound falls back to the call's own signature, or to nothing (the upstream's placeholder).
import type { CanonicalMessage, CanonicalPart, CanonicalReasoningPart, CanonicalRequest, CanonicalResponse, CanonicalStreamPart } from './canonical-model';
import { addRequestWarning } from './canonical-model';
import type { ReasoningReturn } from './format-contract';
import { isReasoningEnvelope, type ReasoningEnvelope } from './reasoning-envelope';

/** The envelope of a tool call: its reasoning and own signature, else its signature alone, else none. */
function sealCall(envelope: ReasoningEnvelope, reasoning: CanonicalReasoningPart[], signature: string | undefined): string | undefined {
  if (reasoning.length === 0 && signature === undefined) return undefined;
  const content = signature === undefined ? { reasoning } : { reasoning, signature };
  return envelope.seal(content) ?? (signature !== undefined && reasoning.length > 0 ? envelope.seal({ reasoning: [], signature }) : undefined);
}

/** A reasoning block sealed whole into its own signature; the raw signature when the envelope would be too large. */
function sealBlock(envelope: ReasoningEnvelope, part: CanonicalReasoningPart): string | undefined {
  return envelope.seal({ reasoning: [part] }) ?? part.signature;
}

/** Folds the reasoning of one streamed answer for a client whose format returns reasoning as `mode` says. */
export class StreamReasoningFolder {
  /** Reasoning blocks since the last tool call (mode `none`). */
  private pending: CanonicalReasoningPart[] = [];
  /** The text of the reasoning block under way (its signature closes it). */
  private text = '';

  constructor(
    private readonly envelope: ReasoningEnvelope,
    private readonly mode: ReasoningReturn,
  ) {}

  /** The part to encode for the client in place of `part`, or undefined when nothing of it is shown. */
  fold(part: CanonicalStreamPart): CanonicalStreamPart | undefined {
    if (part.type === 'tool-call-start') return this.foldCall(part);
    if (part.type !== 'reasoning-delta') {
      if (part.type === 'text-delta') this.closeBlock();
      return part;
    }
    if (this.mode === 'blocks') return part;
    if (part.redacted === true) {
      this.closeBlock();
      const block: CanonicalReasoningPart = { type: 'reasoning', text: '', signature: part.signature ?? '', redacted: true };
      if (this.mode === 'signatures') return { type: 'reasoning-delta', text: '', signature: sealBlock(this.envelope, block) };
      this.pending.push(block);
      return undefined;
    }
    this.text += part.text;
    if (part.signature === undefined) return part;
    const block: CanonicalReasoningPart = { type: 'reasoning', text: this.text, signature: part.signature };
    this.text = '';
    if (this.mode === 'signatures') return { type: 'reasoning-delta', text: part.text, signature: sealBlock(this.envelope, block) };
    this.pending.push(block);
    return part.text.length > 0 ? { type: 'reasoning-delta', text: part.text } : undefined;
  }

  /** Reasoning text that ended without a signature is only shown: unsigned, no upstream can take it back. */
  private closeBlock(): void {
    this.text = '';
  }

  private foldCall(part: Extract<CanonicalStreamPart, { type: 'tool-call-start' }>): CanonicalStreamPart {
    this.text = '';
    const reasoning = this.pending;
    this.pending = [];
    const { signature: _own, ...call } = part;
    const sealed = sealCall(this.envelope, reasoning, part.signature);
    return sealed === undefined ? call : { ...call, signature: sealed };
  }
}

/** A whole answer with its reasoning folded for a client whose format returns reasoning as `mode` says. */
export function foldAnswerReasoning(response: CanonicalResponse, envelope: ReasoningEnvelope, mode: ReasoningReturn): CanonicalResponse {
  if (!response.parts.some((part) => part.type === 'tool-call' || (part.type === 'reasoning' && part.signature !== undefined))) return response;
  const parts: CanonicalPart[] = [];
  let pending: CanonicalReasoningPart[] = [];
  for (const part of response.parts) {
    if (part.type === 'tool-call') {
      const { signature: _own, ...call } = part;
      const sealed = sealCall(envelope, pending, part.signature);
      parts.push(sealed === undefined ? call : { ...call, signature: sealed });
      pending = [];
    } else if (part.type !== 'reasoning' || part.signature === undefined || mode === 'blocks') {
      parts.push(part);
    } else if (mode === 'signatures') {
      parts.push({ ...part, signature: sealBlock(envelope, part) });
    } else {
      pending.push(part);
      if (part.redacted !== true && part.text.length > 0) parts.push({ type: 'reasoning', text: part.text });
    }
  }
  return { ...response, parts };
}

/** Warning recorded when a client sent back an envelope this server did not seal (or one damaged on the way). */
export const brokenEnvelopeWarning = 'a reasoning envelope the client sent back failed its integrity check and was dropped';

/** The assistant message with its envelopes opened: sealed reasoning goes back before its call, each call gets its own signature. */
function openMessage(message: CanonicalMessage, envelope: ReasoningEnvelope, request: CanonicalRequest): CanonicalMessage {
  const parts: CanonicalPart[] = [];
  let segmentStart = 0;
  for (const part of message.parts) {
    if (part.type === 'reasoning' && isReasoningEnvelope(part.signature)) {
      const content = envelope.open(part.signature);
      if (content) parts.push(...content.reasoning);
      else addRequestWarning(request, brokenEnvelopeWarning);
      continue;
    }
    if (part.type !== 'tool-call') {
      parts.push(part);
      continue;
    }
    if (!isReasoningEnvelope(part.signature)) {
      parts.push(part);
      segmentStart = parts.length;
      continue;
    }
    const content = envelope.open(part.signature);
    const { signature: _sealed, ...call } = part;
    if (!content) addRequestWarning(request, brokenEnvelopeWarning);
    else if (content.reasoning.length > 0) {
      // The client's copies of this reasoning (shown to it unsigned) give way to the sealed originals, which go first:
      // Anthropic wants the thinking before anything else of the turn.
      const kept = parts.splice(segmentStart).filter((kept) => kept.type !== 'reasoning' || kept.signature !== undefined);
      parts.push(...content.reasoning, ...kept);
    }
    parts.push(content?.signature === undefined ? call : { ...call, signature: content.signature });
    segmentStart = parts.length;
  }
  return { ...message, parts };
}

function carriesEnvelope(message: CanonicalMessage): boolean {
  return message.role === 'assistant' && message.parts.some((part) => (part.type === 'tool-call' || part.type === 'reasoning') && isReasoningEnvelope(part.signature));
}

/** The request with every reasoning envelope in its history opened (the request itself when it carries none). */
export function openRequestReasoning(request: CanonicalRequest, envelope: ReasoningEnvelope): CanonicalRequest {
  if (!request.messages.some(carriesEnvelope)) return request;
  const opened: CanonicalRequest = { ...request, warnings: [...(request.warnings ?? [])] };
  opened.messages = request.messages.map((message) => (carriesEnvelope(message) ? openMessage(message, envelope, opened) : message));
  return opened;
}
