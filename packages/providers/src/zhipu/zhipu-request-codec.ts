// Canonical request -> Zhipu's v3 model-api body (`prompt`, `temperature`, `top_p`, `incremental`).
// @see https://open.bigmodel.cn/dev/api#chatglm_turbo (v3 同步调用 / SSE 调用 请求参数)
// @see https://github.com/QuantumNous/new-api/blob/main/relay/channel/zhipu/dto.go (ZhipuRequest)
import { addRequestWarning, type CanonicalMessage, type CanonicalRequest } from '@turnpike/formats';
import { flattenToText } from '../native-dialect/message-text';

/** One `prompt` entry; v3 knows only the user and assistant roles. */
export interface ZhipuPromptMessage {
  role: 'user' | 'assistant';
  content: string;
}

/** The v3 request body; the model is in the URL. */
export interface ZhipuV3Request {
  prompt: ZhipuPromptMessage[];
  temperature?: number;
  top_p?: number;
  /** SSE only: each `add` event carries only the new text. */
  incremental?: boolean;
}

function textOf(message: CanonicalMessage, request: CanonicalRequest): string {
  return flattenToText(message.parts, {
    separator: '',
    onOtherPart: (part) => {
      if (part.type === 'image' || part.type === 'file') addRequestWarning(request, `ChatGLM v3 is text-only: ${part.type === 'image' ? 'an image' : 'a file'} part was dropped`);
      else if (part.type === 'tool-call') addRequestWarning(request, `ChatGLM v3 has no tools: the assistant's call of "${part.name}" was dropped`);
    },
  });
}

/** System text has no role in v3: it is prepended to the first user turn (or becomes one). */
function encodePrompt(request: CanonicalRequest): ZhipuPromptMessage[] {
  const system: string[] = [];
  const prompt: ZhipuPromptMessage[] = [];
  for (const message of request.messages) {
    const content = textOf(message, request);
    if (message.role === 'system') system.push(content);
    else if (message.role === 'assistant') prompt.push({ role: 'assistant', content });
    else {
      if (message.role === 'tool') addRequestWarning(request, 'ChatGLM v3 has no tool messages: a tool result was sent as user text');
      prompt.push({ role: 'user', content });
    }
  }
  if (system.length === 0) return prompt;
  const instructions = system.join('\n');
  const userAt = prompt.findIndex((message) => message.role === 'user');
  if (userAt === -1) return [{ role: 'user', content: instructions }, ...prompt];
  prompt[userAt] = { role: 'user', content: `${instructions}\n\n${prompt[userAt].content}` };
  return prompt;
}

/** Keeps a sampling value inside the open interval v3 accepts, as new-api does (top_p ≥ 1 becomes 0.99). */
function clampOpen(request: CanonicalRequest, name: string, value: number): number {
  const clamped = Math.min(0.99, Math.max(0.01, value));
  if (clamped !== value) addRequestWarning(request, `ChatGLM v3 takes ${name} in (0, 1): ${value} was sent as ${clamped}`);
  return clamped;
}

/** Encodes the request for `/api/paas/v3/model-api/{model}/(sse-)invoke`; what v3 cannot say goes to `request.warnings`. */
export function encodeZhipuRequest(request: CanonicalRequest): ZhipuV3Request {
  const body: ZhipuV3Request = { prompt: encodePrompt(request) };
  if (request.temperature !== undefined) body.temperature = request.temperature > 0 && request.temperature <= 1 ? request.temperature : clampOpen(request, 'temperature', request.temperature);
  if (request.topP !== undefined) body.top_p = clampOpen(request, 'top_p', request.topP);
  if (request.stream) body.incremental = true;
  const unsupported: Array<[string, unknown]> = [
    ['max_tokens', request.maxTokens],
    ['top_k', request.topK],
    ['stop', request.stop],
    ['seed', request.seed],
    ['presence_penalty', request.presencePenalty],
    ['frequency_penalty', request.frequencyPenalty],
    ['response_format', request.responseFormat],
    ['tools', request.tools && request.tools.length > 0 ? request.tools : undefined],
    ['reasoning', request.reasoning ?? request.reasoningEffort],
  ];
  for (const [name, value] of unsupported) if (value !== undefined) addRequestWarning(request, `ChatGLM v3 has no ${name}: it was dropped`);
  return body;
}
