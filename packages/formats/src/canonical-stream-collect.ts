// Between whole answers and streams in canonical terms: collect a stream's parts into one answer (for
// upstreams that only stream) and replay an answer as stream parts (for upstreams that cannot stream).
import type { CanonicalCitation, CanonicalFinishReason, CanonicalPart, CanonicalTextPart, CanonicalToolCallPart, CanonicalResponse, CanonicalStreamMetadata, CanonicalStreamPart, CanonicalUsage } from './canonical-model';
import { shiftedCitation } from './citations';

/**
 * Builds the whole answer a stream's parts describe; consecutive text and reasoning deltas merge into one part each.
 * A citation goes to the last text part (its joined-text offsets made relative to that part), or to the next one when
 * no text came yet.
 */
export function collectStreamParts(parts: readonly CanonicalStreamPart[], metadata: CanonicalStreamMetadata): CanonicalResponse {
  const out: CanonicalPart[] = [];
  const calls = new Map<number, CanonicalToolCallPart>();
  let finishReason: CanonicalFinishReason = 'stop';
  let usage: CanonicalUsage | undefined;
  let textLength = 0;
  let lastText: { part: CanonicalTextPart; start: number } | undefined;
  let pending: CanonicalCitation[] = [];
  for (const part of parts) {
    const last = out.at(-1);
    if (part.type === 'text-delta') {
      if (last?.type === 'text') last.text += part.text;
      else {
        const text: CanonicalTextPart = { type: 'text', text: part.text };
        if (pending.length > 0) text.citations = pending.map(({ start: _start, end: _end, ...rest }) => rest);
        pending = [];
        lastText = { part: text, start: textLength };
        out.push(text);
      }
      textLength += part.text.length;
    } else if (part.type === 'citation') {
      if (!lastText) pending.push(part.citation);
      else (lastText.part.citations ??= []).push(shiftedCitation(part.citation, -lastText.start, lastText.part.text.length));
    } else if (part.type === 'server-tool') {
      out.push(part.part);
    } else if (part.type === 'reasoning-delta') {
      if (last?.type === 'reasoning' && !last.redacted && !part.redacted) {
        last.text += part.text;
        if (part.signature) last.signature = part.signature;
      } else {
        out.push({ type: 'reasoning', text: part.text, ...(part.signature ? { signature: part.signature } : {}), ...(part.redacted ? { redacted: true } : {}) });
      }
    } else if (part.type === 'tool-call-start') {
      const call: CanonicalToolCallPart = { type: 'tool-call', id: part.id, name: part.name, arguments: '', ...(part.signature ? { signature: part.signature } : {}) };
      calls.set(part.index, call);
      out.push(call);
    } else if (part.type === 'tool-call-delta') {
      const call = calls.get(part.index);
      if (call) call.arguments += part.argumentsDelta;
    } else if (part.type === 'usage') {
      usage = part.usage;
    } else if (part.type === 'finish') {
      finishReason = part.reason;
    } else if (part.type === 'error') {
      finishReason = 'error';
    }
  }
  return { id: metadata.id, model: metadata.model, created: metadata.created, parts: out, finishReason, ...(usage ? { usage } : {}) };
}

/** Replays a whole answer as the stream parts that would have produced it (usage, then finish, last). */
export function streamPartsOf(response: CanonicalResponse): CanonicalStreamPart[] {
  const parts: CanonicalStreamPart[] = [];
  let toolIndex = 0;
  let textLength = 0;
  for (const part of response.parts) {
    if (part.type === 'text') {
      parts.push({ type: 'text-delta', text: part.text });
      // In a stream, offsets count the joined text, and a citation without a span covers its whole part.
      for (const item of part.citations ?? []) parts.push({ type: 'citation', citation: { ...item, start: textLength + (item.start ?? 0), end: textLength + (item.end ?? part.text.length) } });
      textLength += part.text.length;
    } else if (part.type === 'server-tool') parts.push({ type: 'server-tool', part });
    else if (part.type === 'reasoning') parts.push({ type: 'reasoning-delta', text: part.text, ...(part.signature ? { signature: part.signature } : {}), ...(part.redacted ? { redacted: true } : {}) });
    else if (part.type === 'tool-call') {
      const index = toolIndex++;
      parts.push({ type: 'tool-call-start', index, id: part.id, name: part.name, ...(part.signature ? { signature: part.signature } : {}) });
      if (part.arguments) parts.push({ type: 'tool-call-delta', index, argumentsDelta: part.arguments });
      parts.push({ type: 'tool-call-end', index });
    }
  }
  if (response.usage) parts.push({ type: 'usage', usage: response.usage });
  parts.push({ type: 'finish', reason: response.finishReason });
  return parts;
}
