// Flattens canonical message parts into the plain text that upstreams without structured content take.
import type { CanonicalPart, CanonicalTextPart, CanonicalToolResultPart } from '@turnpike/formats';

/** A part that carries no plain text: an attachment, a tool call or reasoning. */
export type NonTextPart = Exclude<CanonicalPart, CanonicalTextPart | CanonicalToolResultPart>;

/** The text parts alone, joined by newlines; every other part is left out. */
export function joinTextParts(parts: readonly CanonicalPart[]): string {
  return parts
    .filter((part) => part.type === 'text')
    .map((part) => part.text)
    .join('\n');
}

/** How {@link flattenToText} joins texts and what it does with the parts that carry none. */
export interface FlattenOptions {
  /** Between two texts; a newline unless given. */
  separator?: string;
  /** Sees every part that is neither text nor a tool result, in order: to carry it aside or warn that it was dropped. */
  onOtherPart?: (part: NonTextPart) => void;
}

/** Text parts and tool results in order, joined by the separator; every other part goes to `onOtherPart`. */
export function flattenToText(parts: readonly CanonicalPart[], { separator = '\n', onOtherPart }: FlattenOptions = {}): string {
  const texts: string[] = [];
  for (const part of parts) {
    if (part.type === 'text') texts.push(part.text);
    else if (part.type === 'tool-result') texts.push(part.content);
    else onOtherPart?.(part);
  }
  return texts.join(separator);
}
