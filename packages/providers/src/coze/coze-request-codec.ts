// Canonical request -> Coze `POST /v3/chat` body. The bot (its persona, model and tools) is configured in Coze, so
// only the user and assistant turns travel, as `additional_messages`; the bot id is set from the channel.
// @see https://www.coze.cn/open/docs/developer_guides/chat_v3
// @see https://github.com/coze-dev/coze-py/blob/main/cozepy/chat/__init__.py (message and event shapes)
// @see https://github.com/QuantumNous/new-api/blob/main/relay/channel/coze/relay-coze.go (convertCozeChatRequest)
import { addRequestWarning, type CanonicalMessage, type CanonicalRequest } from '@turnpike/formats';
import { warnIgnoredSettings } from '../native-dialect/ignored-settings';

/** One turn of `additional_messages`: plain text, or an `object_string` (JSON list of text and image items). */
export interface CozeMessage {
  role: 'user' | 'assistant';
  type: 'question' | 'answer';
  content: string;
  content_type: 'text' | 'object_string';
}

/** An item of an `object_string` message. */
type CozeObjectItem = { type: 'text'; text: string } | { type: 'image'; file_url: string };

/** The body of `POST /v3/chat`. */
export interface CozeChatRequest {
  bot_id: string;
  user_id: string;
  additional_messages: CozeMessage[];
  /** Always true: a whole Coze answer needs polling, so the relay always streams and collects. */
  stream: true;
  /** False: each relayed call is a self-contained conversation. */
  auto_save_history: false;
}

/** The end-user id sent when the caller named none (Coze requires one). */
export const defaultCozeUser = 'turnpike';

/** The bot id a model name carries in the `bot-<id>` convention of one-api, or '' (the channel's `other` wins). */
export function cozeBotIdFromModel(model: string): string {
  return model.startsWith('bot-') ? model.slice(4) : '';
}

function encodeTurn(message: CanonicalMessage & { role: 'user' | 'assistant' }, request: CanonicalRequest): CozeMessage | undefined {
  const items: CozeObjectItem[] = [];
  for (const part of message.parts) {
    if (part.type === 'text') items.push({ type: 'text', text: part.text });
    else if (part.type === 'image' && message.role === 'user' && /^https?:\/\//i.test(part.url)) items.push({ type: 'image', file_url: part.url });
    else if (part.type === 'image') addRequestWarning(request, 'Coze takes images only as http(s) URLs in user messages; an inline image was dropped');
    else if (part.type === 'file') addRequestWarning(request, 'Coze files need a prior upload; a file attachment was dropped');
    else if (part.type === 'tool-call') addRequestWarning(request, `Coze bots run their own tools; the assistant's call of "${part.name}" was dropped`);
  }
  if (items.length === 0) return undefined;
  const type = message.role === 'user' ? 'question' : 'answer';
  if (items.every((item) => item.type === 'text')) {
    return { role: message.role, type, content: items.map((item) => (item.type === 'text' ? item.text : '')).join('\n'), content_type: 'text' };
  }
  return { role: message.role, type, content: JSON.stringify(items), content_type: 'object_string' };
}

/** Encodes a canonical request as a Coze v3 chat body; what Coze cannot take goes to `request.warnings`. */
export function encodeCozeRequest(request: CanonicalRequest): CozeChatRequest {
  const messages: CozeMessage[] = [];
  let dropped = 0;
  for (const message of request.messages) {
    if (message.role === 'user' || message.role === 'assistant') {
      const turn = encodeTurn({ ...message, role: message.role }, request);
      if (turn) messages.push(turn);
    } else {
      dropped += 1;
    }
  }
  if (dropped > 0) addRequestWarning(request, `Coze takes only user and assistant turns (the bot has its own persona); ${dropped} system or tool message(s) were dropped`);
  warnIgnoredSettings(request, 'Coze bots use their own model settings');
  return {
    bot_id: cozeBotIdFromModel(request.model),
    user_id: request.user || defaultCozeUser,
    additional_messages: messages,
    stream: true,
    auto_save_history: false,
  };
}
