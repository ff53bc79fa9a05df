// The prompt check: runs before any price, reservation or channel choice, so a refused call costs nothing. The caller
// gets a 400 with code `sensitive_words_detected` in its own error shape and never the words; the words go to an
// error log entry whose `other.admin_info` only admins see (with user, token, model; never the prompt).
import { LogType, sensitiveWordsErrorCode } from '@turnpike/contract';
import type { WordAutomaton } from '@turnpike/relay';
import type { NewLog } from '../db/schema';
import type { RelayCaller } from '../relay/relay-caller';
import { RelayError } from '../relay/relay-error';
import { callLogRow } from '../relay/relay-log-rows';
import type { RelayServices } from '../relay/relay-services';

/** What the caller is told (the words are not repeated). */
export const sensitivePromptMessage = 'the request was refused: it contains sensitive words';

/** The log entry's view of a refused call. */
export interface RefusedCall {
  caller: RelayCaller;
  model: string;
  stream: boolean;
  requestId: string;
  ip: string;
  /** The endpoint or format, recorded as `other.client_type`. */
  clientType: string;
}

/** The distinct listed words in the texts `visitTexts` hands over (at most 16), or none. */
export function findPromptWords(automaton: WordAutomaton, visitTexts: (visit: (text: string) => void) => void): string[] {
  const found = new Set<string>();
  visitTexts((text) => {
    if (found.size >= 16 || text.length === 0) return;
    for (const word of automaton.findWords(text, 16 - found.size)) found.add(word);
  });
  return [...found];
}

/** The error row (type 5) of a refused prompt. */
function refusalRow(refused: RefusedCall, words: readonly string[]): NewLog {
  const row = callLogRow({ caller: refused.caller, model: refused.model, startedAt: Date.now(), stream: refused.stream, channelId: 0, channelName: '', ip: refused.ip, requestId: refused.requestId }, LogType.Error);
  row.content = sensitivePromptMessage;
  row.other = JSON.stringify({ client_type: refused.clientType, sensitive: { stage: 'prompt', action: 'refused' }, admin_info: { sensitive_words: words } });
  return row;
}

/** Refuses the call when its prompt contains a listed word: writes the log entry, then throws the caller's 400. */
export async function refuseSensitivePrompt(services: RelayServices, refused: RefusedCall, visitTexts: (visit: (text: string) => void) => void): Promise<void> {
  const automaton = services.policy.prompt;
  if (!automaton) return;
  const words = findPromptWords(automaton, visitTexts);
  if (words.length === 0) return;
  try {
    await services.context.db.insertInto('logs').values(refusalRow(refused, words)).execute();
  } catch (error) {
    services.context.log.warn({ err: error, reqId: refused.requestId }, 'the log entry of a refused prompt could not be written');
  }
  throw new RelayError(400, sensitivePromptMessage, 'invalid_request_error', sensitiveWordsErrorCode);
}
