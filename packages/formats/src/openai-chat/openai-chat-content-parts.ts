// The content of an OpenAI-style chat answer, whole (`message.content`) or streamed (`delta.content`): a string, or
// an array of typed parts, as Mistral's Magistral models send it (`[{type:"thinking", thinking:[{type:"text", text}]},
// {type:"text", text}]`). Reasoning parts become reasoning text, so nothing reaches an encoder as a non-string.
// @see https://docs.mistral.ai/capabilities/reasoning/
import { isRecord } from '../json-values';

/** The answer text and the reasoning text of one content value. */
export interface ContentTexts {
  text: string;
  reasoning: string;
}

/** The text of a thinking part's `thinking`: a string, or an array of text parts (Mistral). */
function thinkingText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (!Array.isArray(value)) return '';
  let text = '';
  for (const part of value) {
    if (typeof part === 'string') text += part;
    else if (isRecord(part) && typeof part.text === 'string') text += part.text;
  }
  return text;
}

const emptyTexts: ContentTexts = Object.freeze({ text: '', reasoning: '' });

/** Splits chat content (a string, an array of typed parts, or nothing) into answer text and reasoning text. */
export function contentTexts(content: unknown): ContentTexts {
  if (typeof content === 'string') return content.length > 0 ? { text: content, reasoning: '' } : emptyTexts;
  if (!Array.isArray(content)) return emptyTexts;
  let text = '';
  let reasoning = '';
  for (const part of content) {
    if (typeof part === 'string') {
      text += part;
      continue;
    }
    if (!isRecord(part)) continue;
    if (part.type === 'thinking' || part.type === 'reasoning') reasoning += thinkingText(part.thinking ?? part.text ?? part.reasoning);
    else if (part.type === 'refusal' && typeof part.refusal === 'string') text += part.refusal;
    else if (typeof part.text === 'string') text += part.text;
  }
  return { text, reasoning };
}
