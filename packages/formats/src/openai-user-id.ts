// OpenAI's `user` field (chat and Responses) holds at most 64 characters; longer end-user ids (Claude Code's
// `metadata.user_id` is a ~150-character JSON string) are refused with 400 `string_above_max_length`.
import { createHash } from 'node:crypto';
import { addRequestWarning, type CanonicalRequest } from './canonical-model';

/** The longest `user` OpenAI accepts. @see https://platform.openai.com/docs/api-reference/chat/create#chat-create-user */
export const openAiUserMaxLength = 64;

/**
 * The `user` value to send OpenAI for `request.user`: the id itself when it fits, else its sha256 in hex (64
 * characters, so the same caller keeps one stable id), with a warning on the request. Undefined when there is none.
 */
export function fitOpenAiUser(request: CanonicalRequest, target: string): string | undefined {
  const user = request.user;
  if (user === undefined || user.length <= openAiUserMaxLength) return user;
  addRequestWarning(request, `user id of ${user.length} characters is longer than ${target} accepts (${openAiUserMaxLength}) and was sent as its sha256`);
  return createHash('sha256').update(user).digest('hex');
}
