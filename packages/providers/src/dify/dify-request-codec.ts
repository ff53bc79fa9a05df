// Canonical request -> Dify `POST /v1/chat-messages` body. A Dify app takes one `query` per call (history lives in
// Dify conversations), so a multi-message conversation is flattened into a labelled transcript, as new-api does.
// @see https://docs.dify.ai/guides/application-publishing/developing-with-apis
// @see https://github.com/langgenius/dify/blob/main/web/app/components/develop/template/template_chat.en.mdx
// @see https://github.com/QuantumNous/new-api/blob/main/relay/channel/dify/relay-dify.go (requestOpenAI2Dify)
import { addRequestWarning, type CanonicalMessage, type CanonicalRequest } from '@turnpike/formats';
import { warnIgnoredSettings } from '../native-dialect/ignored-settings';
import { flattenToText } from '../native-dialect/message-text';

/** A file attached to a Dify query (only remote image URLs can be sent without a prior upload). */
export interface DifyFile {
  type: 'image';
  transfer_method: 'remote_url';
  url: string;
}

/** The body of `POST /v1/chat-messages`. */
export interface DifyChatRequest {
  inputs: Record<string, unknown>;
  query: string;
  response_mode: 'streaming' | 'blocking';
  user: string;
  /** False: Dify would otherwise spend an extra model call naming every new conversation. */
  auto_generate_name: boolean;
  files?: DifyFile[];
}

/** The end-user id sent when the caller named none (Dify requires one). */
export const defaultDifyUser = 'turnpike';

const roleLabels: Record<CanonicalMessage['role'], string> = { system: 'SYSTEM', user: 'USER', assistant: 'ASSISTANT', tool: 'TOOL' };

function messageText(message: CanonicalMessage, request: CanonicalRequest, files: DifyFile[]): string {
  return flattenToText(message.parts, {
    onOtherPart: (part) => {
      if (part.type === 'image' && /^https?:\/\//i.test(part.url) && message.role === 'user') files.push({ type: 'image', transfer_method: 'remote_url', url: part.url });
      else if (part.type === 'image') addRequestWarning(request, 'Dify takes images only as http(s) URLs in user messages; an inline image was dropped');
      else if (part.type === 'file') addRequestWarning(request, 'Dify files need a prior upload; a file attachment was dropped');
      else if (part.type === 'tool-call') addRequestWarning(request, `Dify apps run their own tools; the assistant's call of "${part.name}" was dropped`);
    },
  });
}

/** Encodes a canonical request as a Dify chat-messages body; what Dify cannot take goes to `request.warnings`. */
export function encodeDifyRequest(request: CanonicalRequest): DifyChatRequest {
  const files: DifyFile[] = [];
  const blocks = request.messages
    .map((message) => ({ role: message.role, text: messageText(message, request, files) }))
    .filter((block) => block.text.length > 0);
  const single = blocks.length === 1 && blocks[0].role === 'user';
  const query = single ? blocks[0].text : blocks.map((block) => `${roleLabels[block.role]}: \n${block.text}\n`).join('');
  if (!single && blocks.length > 0) {
    addRequestWarning(request, `Dify takes one query per call: ${blocks.length} messages were flattened into a labelled transcript`);
  }
  warnIgnoredSettings(request, 'Dify apps use their own model settings');
  const body: DifyChatRequest = {
    inputs: {},
    query,
    response_mode: request.stream ? 'streaming' : 'blocking',
    user: request.user || defaultDifyUser,
    auto_generate_name: false,
  };
  if (files.length > 0) body.files = files;
  return body;
}
