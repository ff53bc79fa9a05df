// Writes single log entries (management, system, top-up) right away; consumption logs are batched elsewhere.
import { LogType } from '@turnpike/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** Whom an entry is about: the log row belongs to this user. */
export interface LogSubject {
  id: number;
  username: string;
  group?: string;
}

/** Optional details of an entry. */
export interface LogDetails {
  quota?: number;
  ip?: string;
  /** Stored as JSON in `other` (for example the admin who acted). */
  other?: Record<string, unknown>;
}

async function record(db: Kysely<Database>, type: number, subject: LogSubject, content: string, details: LogDetails): Promise<void> {
  await db
    .insertInto('logs')
    .values({
      user_id: subject.id,
      created_at: Math.floor(Date.now() / 1000),
      type,
      content,
      username: subject.username,
      token_name: '',
      token_id: 0,
      model_name: '',
      quota: details.quota ?? 0,
      prompt_tokens: 0,
      completion_tokens: 0,
      use_time: 0,
      is_stream: 0,
      channel_id: 0,
      channel_name: '',
      group: subject.group ?? '',
      ip: details.ip ?? '',
      request_id: '',
      other: JSON.stringify(details.other ?? {}),
    })
    .execute();
}

/** Type 3: an admin acted on the subject (quota change, promote, disable, delete…). Works inside a transaction too. */
export function recordManageLog(db: Kysely<Database>, subject: LogSubject, content: string, details: LogDetails = {}): Promise<void> {
  return record(db, LogType.Manage, subject, content, details);
}

/** Type 4: the system granted or changed something (registration bonus, invitation rewards). */
export function recordSystemLog(db: Kysely<Database>, subject: LogSubject, content: string, details: LogDetails = {}): Promise<void> {
  return record(db, LogType.System, subject, content, details);
}

/** Type 1: the subject's balance was topped up (redemption code, payment). */
export function recordTopupLog(db: Kysely<Database>, subject: LogSubject, content: string, details: LogDetails = {}): Promise<void> {
  return record(db, LogType.Topup, subject, content, details);
}
