// Kysely table types: one schema for SQLite, PostgreSQL and MySQL/MariaDB.
import type { ChannelRecord, UsageLogItem } from '@turnpike/contract';
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/** Booleans are stored as 0/1 integers on every engine. */
export type Flag = number;

export interface UsersTable {
  id: Generated<number>;
  username: string;
  password: string;
  display_name: string;
  role: number;
  status: number;
  email: string;
  github_id: string;
  oidc_id: string;
  wechat_id: string;
  telegram_id: string;
  linux_do_id: string;
  access_token: string | null;
  quota: number;
  used_quota: number;
  request_count: number;
  group: string;
  aff_code: string;
  aff_count: number;
  aff_quota: number;
  aff_history_quota: number;
  inviter_id: number;
  setting: string;
  created_at: number;
  deleted_at: number | null;
  /** Sessions issued before this (Unix seconds) are refused; 0 = no cutoff. */
  sessions_valid_after: Generated<number>;
  /** Bumped by security changes (password, 2FA, passkeys); access tokens pin it (migration 018-user-sessions). */
  auth_version: Generated<number>;
}

export interface OptionsTable {
  key: string;
  value: string;
}

export interface SetupsTable {
  id: Generated<number>;
  version: string;
  initialized_at: number;
}

export interface TokensTable {
  id: Generated<number>;
  user_id: number;
  key: string;
  name: string;
  status: number;
  created_time: number;
  accessed_time: number;
  expired_time: number;
  remain_quota: number;
  unlimited_quota: Flag;
  used_quota: number;
  model_limits_enabled: Flag;
  model_limits: string;
  allow_ips: string;
  group: string;
  deleted_at: number | null;
}

/** The channels table: the contract's channel record plus its key. */
export type ChannelsTable = Omit<ChannelRecord, 'id'> & {
  id: Generated<number>;
  key: string;
};

export interface AbilitiesTable {
  group: string;
  model: string;
  channel_id: number;
  enabled: Flag;
  priority: number;
  weight: number;
  tag: string;
}

export interface RedemptionsTable {
  id: Generated<number>;
  user_id: number;
  key: string;
  status: number;
  name: string;
  quota: number;
  created_time: number;
  redeemed_time: number;
  used_user_id: number;
  expired_time: number;
  deleted_at: number | null;
}

/** The logs table: the contract's log record as stored (the channel id under `channel_id`, `is_stream` as a 0/1 flag). */
export type LogsTable = Omit<UsageLogItem, 'id' | 'is_stream' | 'channel'> & {
  id: Generated<number>;
  is_stream: Flag;
  channel_id: number;
};

/** Hourly usage aggregates for the dashboard. */
export interface QuotaDataTable {
  id: Generated<number>;
  user_id: number;
  username: string;
  model_name: string;
  created_at: number;
  token_used: number;
  count: number;
  quota: number;
}

/** Quota held for an in-flight relay call, settled or released exactly once. */
export interface ReservationsTable {
  id: string;
  user_id: number;
  token_id: number;
  amount: number;
  node_name: string;
  /** The start id of the instance run that holds it (see node_heartbeats); '' for rows written before migration 002. */
  start_id: ColumnType<string, string | undefined, string>;
  created_at: number;
  /** When a reconciler refunded the hold (Unix seconds); 0 while held. A released row waits for its late settlement. */
  released_at: ColumnType<number, number | undefined, number>;
}

/** One row per instance run: its NODE_NAME, a random start id and when it was last seen (milliseconds). */
export interface NodeHeartbeatsTable {
  start_id: string;
  node_name: string;
  started_at: number;
  last_seen: number;
}

/** A fleet-wide job lease held by one instance run until `expires_at` (milliseconds), when Redis is not used. */
export interface JobLeasesTable {
  name: string;
  holder: string;
  expires_at: number;
}

/** One online top-up order (migration 005). */
export interface TopupsTable {
  id: Generated<number>;
  trade_no: string;
  user_id: number;
  /** Top-up units the user asked for (US dollars). */
  amount: number;
  /** Quota credited when paid: amount × QuotaPerUnit, fixed when the order is created. */
  quota: number;
  /** Money to pay, exact decimal text with two places. */
  money: string;
  provider: string;
  payment_method: string;
  /** pending → success (see TopupStatus). */
  status: string;
  created_at: number;
  completed_at: number;
}

/** A one-time secret mailed to a user (migration 006); times in Unix milliseconds. */
export interface MailCodesTable {
  key: string;
  secret_hash: string;
  issued_at: number;
  expires_at: number;
  wrong_attempts: number;
}

/** Dashboard sessions (migration 018-user-sessions): one row per sign-in, refreshed and revoked server-side. */
export interface UserSessionsTable {
  sid: string;
  user_id: number;
  /** HMAC of the current refresh secret; the secret itself is only in the browser's cookie. */
  refresh_hash: string;
  /** The hash before the last rotation, honoured until previous_valid_until (the idempotent replay window). */
  previous_refresh_hash: Generated<string>;
  previous_valid_until: Generated<number>;
  /** Bumped by every rotation of the session (a security change): cookies and access tokens of older versions fail. */
  version: Generated<number>;
  /** users.auth_version when the session was made or last rotated. */
  auth_version: Generated<number>;
  status: 'active' | 'revoked';
  login_method: Generated<string>;
  ip: Generated<string>;
  user_agent: Generated<string>;
  created_at: number;
  last_active_at: number;
  expires_at: number;
  revoked_at: Generated<number>;
  revoke_reason: Generated<string>;
}

/** A user's TOTP factor (migration 019-two-factor); enabled once a first code confirmed it. */
export interface TwoFasTable {
  user_id: number;
  /** Base32 TOTP secret. */
  secret: string;
  is_enabled: number;
  failed_attempts: Generated<number>;
  locked_until: Generated<number>;
  /** The last accepted 30-second step: a code is accepted once. */
  last_used_step: Generated<number>;
  created_at: number;
  updated_at: number;
}

/** Single-use backup codes, stored as HMACs (migration 019-two-factor). */
export interface TwoFaBackupCodesTable {
  code_hash: string;
  user_id: number;
  used_at: Generated<number>;
}

/** Half-finished sign-ins (a password accepted, the second factor pending), by the hash of their one-use token. */
export interface AuthFlowsTable {
  token_hash: string;
  purpose: string;
  user_id: number;
  auth_version: number;
  expires_at: number;
}

/** A passkey ceremony between begin and finish, by the hash of its one-use flow token (migration 010-passkeys). */
export interface PasskeyFlowsTable {
  token_hash: string;
  /** passkey_register, passkey_verify or passkey_login. */
  purpose: string;
  /** 0 for a sign-in. */
  user_id: number;
  auth_version: number;
  /** The session that began it; '' for a sign-in. */
  sid: string;
  /** The security scope a verification asks for; '' otherwise. */
  scope: string;
  challenge: string;
  /** The ceremony's 2-minute deadline (unix s). */
  deadline: number;
  expires_at: number;
}

/** A user's passkey (migration 010-passkeys): one WebAuthn credential per user. */
export interface PasskeyCredentialsTable {
  user_id: number;
  /** base64url credential id. */
  credential_id: string;
  /** base64url COSE public key. */
  public_key: string;
  sign_count: Generated<number>;
  /** Comma-separated authenticator transports. */
  transports: Generated<string>;
  backup_eligible: Generated<number>;
  backup_state: Generated<number>;
  created_at: number;
  last_used_at: Generated<number>;
}

/** One-use OAuth states (migration 007-oauth). */
export interface OAuthStatesTable {
  state: string;
  browser_hash: string;
  aff_code: string;
  bind_user_id: number;
  expires_at: number;
}

/** Who took an external account (migration 007-oauth); user_id 0 while its sign-up is creating the user. */
export interface ExternalAccountClaimsTable {
  source: string;
  external_id: string;
  user_id: number;
  claimed_at: number;
}

/** One asynchronous task (migration 008): a Midjourney drawing or a Suno song, polled from its channel until final. Times in milliseconds. */
export interface TasksTable {
  id: Generated<number>;
  /** `midjourney` or `suno`. */
  platform: string;
  /** IMAGINE, UPSCALE, … for Midjourney; MUSIC, LYRICS for Suno. */
  action: string;
  /** The id the caller sees: the upstream's for Midjourney and Suno, the gateway's `video_…` for videos. */
  task_id: string;
  /** The upstream's id when the caller sees another (migration 024: videos); '' otherwise. */
  upstream_task_id: Generated<string>;
  user_id: number;
  token_id: number;
  /** 1 when the token's own balance was debited (not unlimited): a refund returns it there too. */
  token_debited: number;
  channel_id: number;
  model_name: string;
  /** The upstream's submit code (Midjourney: 1 submitted, 21 exists, 22 queued, others refused). */
  code: number;
  /** The spec's task status; SUCCESS and FAILURE are final. */
  status: string;
  progress: string;
  /** What the task was billed (0 when nothing was); a FAILURE returns it once. */
  quota: number;
  prompt: string;
  prompt_en: string;
  description: string;
  image_url: string;
  /** The upstream's result as JSON text (Suno clips). */
  data: string;
  properties: string;
  buttons: string;
  fail_reason: string;
  /** Where the caller asked to be told of changes (used when MjNotifyEnabled). */
  notify_hook: string;
  submit_time: number;
  start_time: number;
  finish_time: number;
  created_at: number;
  updated_at: number;
  /** The poll job looks at the task again from this time on (back-off after failed polls). */
  next_poll_at: number;
  poll_failures: number;
}

/** A named list that prefills the channel or model form (new-api's prefill groups). */
export interface PrefillGroupsTable {
  id: Generated<number>;
  name: string;
  /** model, tag or endpoint (free text, as in new-api). */
  type: string;
  /** The items as JSON text, passed through as given. */
  items: string;
  description: string;
  created_time: number;
  updated_time: number;
}

export interface Database {
  users: UsersTable;
  options: OptionsTable;
  setups: SetupsTable;
  tokens: TokensTable;
  channels: ChannelsTable;
  abilities: AbilitiesTable;
  redemptions: RedemptionsTable;
  logs: LogsTable;
  quota_data: QuotaDataTable;
  reservations: ReservationsTable;
  node_heartbeats: NodeHeartbeatsTable;
  job_leases: JobLeasesTable;
  topups: TopupsTable;
  mail_codes: MailCodesTable;
  oauth_states: OAuthStatesTable;
  external_account_claims: ExternalAccountClaimsTable;
  tasks: TasksTable;
  user_sessions: UserSessionsTable;
  two_fas: TwoFasTable;
  two_fa_backup_codes: TwoFaBackupCodesTable;
  auth_flows: AuthFlowsTable;
  passkey_credentials: PasskeyCredentialsTable;
  passkey_flows: PasskeyFlowsTable;
  prefill_groups: PrefillGroupsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type ApiKeyRow = Selectable<TokensTable>;
export type ChannelRow = Selectable<ChannelsTable>;
export type LogRow = Selectable<LogsTable>;
export type NewLog = Insertable<LogsTable>;
export type RedemptionRow = Selectable<RedemptionsTable>;
export type TopupRow = Selectable<TopupsTable>;
export type TaskRow = Selectable<TasksTable>;
export type NewTask = Insertable<TasksTable>;
export type Timestamp = ColumnType<number, number, number>;
