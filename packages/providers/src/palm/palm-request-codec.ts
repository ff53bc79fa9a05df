// Canonical request -> PaLM 2 `models.generateMessage` body: system text becomes the prompt `context`, the turns
// become `messages` with authors "0" (user) and "1" (model) as new-api writes them, merged so that turns alternate.
// @see https://ai.google.dev/api/rest/v1beta/models/generateMessage
// @see https://github.com/googleapis/google-cloud-python/blob/main/packages/google-ai-generativelanguage/google/ai/generativelanguage_v1beta2/types/discuss_service.py
// @see https://github.com/songquanpeng/one-api/blob/main/relay/adaptor/palm/palm.go (ConvertRequest)
import { addRequestWarning, type CanonicalMessage, type CanonicalRequest } from '@turnpike/formats';
import { modelSettingsExcept, warnIgnoredSettings } from '../native-dialect/ignored-settings';
import { flattenToText } from '../native-dialect/message-text';

/** One turn of a PaLM prompt. */
export interface PalmMessage {
  author: string;
  content: string;
}

/** The body of `POST /v1beta2/models/{model}:generateMessage`. */
export interface PalmGenerateMessageRequest {
  prompt: { context?: string; messages: PalmMessage[] };
  temperature?: number;
  /** Always 1: the relay answers with one choice. */
  candidateCount: number;
  topP?: number;
  topK?: number;
}

/** The author tag of user turns (tool results are sent as user turns too). */
export const palmUserAuthor = '0';
/** The author tag of model turns. */
export const palmModelAuthor = '1';

/** Request settings generateMessage has no field for (it takes temperature, topP and topK). */
const ignoredSettings = modelSettingsExcept('temperature', 'topP', 'topK');

function messageText(message: CanonicalMessage, request: CanonicalRequest): string {
  return flattenToText(message.parts, {
    onOtherPart: (part) => {
      if (part.type === 'image' || part.type === 'file') addRequestWarning(request, 'PaLM 2 chat takes text only; an attachment was dropped');
      else if (part.type === 'tool-call') addRequestWarning(request, `PaLM 2 has no tool calling; the assistant's call of "${part.name}" was dropped`);
    },
  });
}

/** Encodes a canonical request as a generateMessage body; what PaLM cannot take goes to `request.warnings`. */
export function encodePalmRequest(request: CanonicalRequest): PalmGenerateMessageRequest {
  const context: string[] = [];
  const messages: PalmMessage[] = [];
  for (const message of request.messages) {
    const content = messageText(message, request);
    if (content.length === 0) continue;
    if (message.role === 'system') {
      context.push(content);
      continue;
    }
    const author = message.role === 'assistant' ? palmModelAuthor : palmUserAuthor;
    const previous = messages.at(-1);
    // Turns must alternate between the two authors: consecutive turns of one author become one.
    if (previous?.author === author) previous.content += `\n\n${content}`;
    else messages.push({ author, content });
  }
  const body: PalmGenerateMessageRequest = { prompt: { messages }, candidateCount: 1 };
  if (context.length > 0) body.prompt = { context: context.join('\n\n'), messages };
  if (request.temperature !== undefined) {
    body.temperature = Math.min(Math.max(request.temperature, 0), 1);
    if (body.temperature !== request.temperature) addRequestWarning(request, `PaLM 2 temperature ranges over [0, 1]; ${request.temperature} was clamped to ${body.temperature}`);
  }
  if (request.topP !== undefined) body.topP = request.topP;
  if (request.topK !== undefined) body.topK = request.topK;
  warnIgnoredSettings(request, 'PaLM 2 generateMessage has no equivalent', ignoredSettings);
  return body;
}
