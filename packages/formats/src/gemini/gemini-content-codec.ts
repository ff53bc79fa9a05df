// Gemini parts <-> canonical parts, shared by the request codec (history) and the response codec (answers).
// Signatures: a thought part keeps its `thoughtSignature` on the reasoning part, a functionCall part on the
// tool-call part, and a signature on a plain text part becomes a signature-only reasoning part (empty text)
// that is merged back onto the preceding text part when encoding.
import type { CanonicalFilePart, CanonicalImagePart, CanonicalPart, CanonicalToolCallPart } from '../canonical-model';
import type { GeminiPart } from './gemini-schema';

/** Receives a description of something a codec dropped or approximated. */
export type WarningSink = (warning: string) => void;

/** Prefix of tool-call ids the codecs invent because the upstream sent none; such ids are never sent to Gemini. */
export const syntheticGeminiCallIdPrefix = 'gemini-call-';

/** The JSON object Gemini's `args` and `response` fields require. */
export type JsonObject = Record<string, unknown>;

/** True for a plain JSON object (not null, not an array). */
export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Turns a media part (inlineData or fileData) into a canonical image or file part; undefined for other parts. */
export function decodeGeminiMedia(part: GeminiPart): CanonicalImagePart | CanonicalFilePart | undefined {
  if (part.inlineData) {
    const { mimeType, data } = part.inlineData;
    if (mimeType.startsWith('image/')) return { type: 'image', url: `data:${mimeType};base64,${data}` };
    return { type: 'file', mediaType: mimeType, data };
  }
  if (part.fileData) {
    const { mimeType, fileUri } = part.fileData;
    if (mimeType?.startsWith('image/')) return { type: 'image', url: fileUri };
    return mimeType === undefined ? { type: 'file', url: fileUri } : { type: 'file', mediaType: mimeType, url: fileUri };
  }
  return undefined;
}

const imageMediaTypesByExtension: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  heic: 'image/heic',
  heif: 'image/heif',
};

function imageMediaTypeOf(url: string): string | undefined {
  const extension = /\.([a-z0-9]+)(?:[?#]|$)/i.exec(url)?.[1]?.toLowerCase();
  return extension === undefined ? undefined : imageMediaTypesByExtension[extension];
}

/** Encodes a canonical image or file part as inlineData or fileData; undefined (with a warning) when it cannot be expressed. */
export function encodeGeminiMedia(part: CanonicalImagePart | CanonicalFilePart, warn: WarningSink): GeminiPart | undefined {
  if (part.type === 'image') {
    if (part.detail === 'low' || part.detail === 'high') warn(`image detail "${part.detail}" has no Gemini equivalent and was ignored`);
    const dataUrl = /^data:([^;,]+);base64,(.*)$/s.exec(part.url);
    if (dataUrl) return { inlineData: { mimeType: dataUrl[1] ?? 'application/octet-stream', data: dataUrl[2] ?? '' } };
    // Remote images are passed by URI; fetching and inlining them is I/O and belongs to the relay.
    const mimeType = imageMediaTypeOf(part.url);
    return { fileData: mimeType === undefined ? { fileUri: part.url } : { mimeType, fileUri: part.url } };
  }
  if (part.filename !== undefined) warn(`file name "${part.filename}" has no Gemini equivalent and was dropped`);
  if (part.data !== undefined) return { inlineData: { mimeType: part.mediaType ?? 'application/octet-stream', data: part.data } };
  if (part.url !== undefined) return { fileData: part.mediaType === undefined ? { fileUri: part.url } : { mimeType: part.mediaType, fileUri: part.url } };
  warn(`file id "${part.fileId ?? ''}" cannot be sent to Gemini and the file was dropped`);
  return undefined;
}

/** Renders code-execution parts as Markdown text, the closest canonical meaning; undefined for other parts. */
export function renderGeminiCodeExecution(part: GeminiPart): string | undefined {
  if (part.executableCode) return `\`\`\`${(part.executableCode.language ?? '').toLowerCase()}\n${part.executableCode.code}\n\`\`\``;
  if (part.codeExecutionResult) return `\`\`\`\n${part.codeExecutionResult.output ?? ''}\n\`\`\``;
  return undefined;
}

/** Serialises call arguments as canonical JSON text. */
export function encodeArgumentsText(args: JsonObject | undefined): string {
  return JSON.stringify(args ?? {});
}

/** Parses canonical argument text into the object Gemini requires; `{}` (with a warning) when it is not a JSON object. */
export function parseArgumentsObject(text: string, name: string, warn: WarningSink): JsonObject {
  if (text.trim() === '') return {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (isJsonObject(parsed)) return parsed;
  } catch {
    // Reported below with the other non-object cases.
  }
  warn(`arguments of tool call "${name}" are not a JSON object and were replaced by {}`);
  return {};
}

/**
 * Decodes the parts of a model turn. `callId` names a functionCall that carries no id of its own;
 * `warn` hears about parts with no canonical meaning.
 */
export function decodeGeminiModelParts(parts: readonly GeminiPart[], callId: (name: string) => string, warn: WarningSink): CanonicalPart[] {
  const result: CanonicalPart[] = [];
  for (const part of parts) {
    const signature = part.thoughtSignature;
    if (part.thought === true) {
      result.push(signature === undefined ? { type: 'reasoning', text: part.text ?? '' } : { type: 'reasoning', text: part.text ?? '', signature });
      continue;
    }
    if (part.functionCall) {
      const call = part.functionCall;
      const toolCall: CanonicalToolCallPart = { type: 'tool-call', id: call.id ?? callId(call.name), name: call.name, arguments: encodeArgumentsText(call.args) };
      if (signature !== undefined) toolCall.signature = signature;
      result.push(toolCall);
      continue;
    }
    const media = decodeGeminiMedia(part);
    const code = renderGeminiCodeExecution(part);
    if (part.text !== undefined && part.text.length > 0) result.push({ type: 'text', text: part.text });
    else if (media) result.push(media);
    else if (code !== undefined) result.push({ type: 'text', text: code });
    else if (part.text === undefined && signature === undefined) warn(`a model part with fields ${Object.keys(part).join(', ')} has no canonical meaning and was dropped`);
    if (signature !== undefined) result.push({ type: 'reasoning', text: '', signature });
  }
  return result;
}

/**
 * Encodes the parts of an assistant turn. Tool results and unexpressible parts are dropped with a warning.
 * @see https://ai.google.dev/gemini-api/docs/thought-signatures
 */
export function encodeGeminiModelParts(parts: readonly CanonicalPart[], warn: WarningSink, options: { sendSyntheticIds: boolean }): GeminiPart[] {
  const result: GeminiPart[] = [];
  for (const part of parts) {
    switch (part.type) {
      case 'text':
        result.push({ text: part.text });
        break;
      case 'reasoning': {
        if (part.redacted === true) {
          warn('redacted reasoning (another provider\'s encrypted thinking) cannot be expressed in Gemini and was dropped');
          break;
        }
        if (part.text.length === 0) {
          if (part.signature === undefined) break;
          const previous = result.at(-1);
          // A signature minted for a plain text part goes back onto that part, as the API asks.
          if (previous && previous.text !== undefined && previous.thought !== true && previous.thoughtSignature === undefined) previous.thoughtSignature = part.signature;
          else result.push({ text: '', thoughtSignature: part.signature });
          break;
        }
        result.push(part.signature === undefined ? { text: part.text, thought: true } : { text: part.text, thought: true, thoughtSignature: part.signature });
        break;
      }
      case 'tool-call': {
        const functionCall: NonNullable<GeminiPart['functionCall']> = { name: part.name, args: parseArgumentsObject(part.arguments, part.name, warn) };
        if (options.sendSyntheticIds || !part.id.startsWith(syntheticGeminiCallIdPrefix)) functionCall.id = part.id;
        result.push(part.signature === undefined ? { functionCall } : { functionCall, thoughtSignature: part.signature });
        break;
      }
      case 'image':
      case 'file': {
        const media = encodeGeminiMedia(part, warn);
        if (media) result.push(media);
        break;
      }
      case 'tool-result':
        warn('a tool result inside an assistant turn cannot be expressed in Gemini and was dropped');
        break;
    }
  }
  return result;
}
