// Quota warnings: after each settlement batch, users whose balance fell below their threshold are told by email or webhook.
import crypto from 'node:crypto';
import { accountPortsFor } from '../accounts/account-ports';
import type { AppContext } from '../context';
import type { UserRow } from '../db/schema';
import { formatQuota } from '../logs/quota-text';
import { parseUserSetting } from '../users/user-setting';

/** At most this many warnings per user and window (new-api: 2 per 10 minutes). */
const warningsPerWindow = 2;
const windowMs = 10 * 60 * 1000;
/** A user's balance is looked at most this often: batches land every 20 ms, a warning need not be that quick. */
const checkIntervalMs = 1000;

/** A warning to deliver. */
export interface QuotaWarning {
  user: Pick<UserRow, 'id' | 'username' | 'email' | 'quota'>;
  threshold: number;
  channel: 'email' | 'webhook';
  /** The email address or the webhook URL. */
  target: string;
  webhookSecret: string;
}

/** The warning a user is owed at their current balance, or null (no threshold crossed, or nowhere to send it). */
export function quotaWarningFor(user: Pick<UserRow, 'id' | 'username' | 'email' | 'quota' | 'setting'>, globalThreshold: number): QuotaWarning | null {
  const setting = parseUserSetting(user.setting);
  const threshold = typeof setting.quota_warning_threshold === 'number' ? setting.quota_warning_threshold : globalThreshold;
  if (threshold <= 0 || user.quota >= threshold) return null;
  if (setting.notify_type === 'webhook') {
    if (!setting.webhook_url) return null;
    return { user, threshold, channel: 'webhook', target: setting.webhook_url, webhookSecret: setting.webhook_secret ?? '' };
  }
  const email = setting.notification_email || user.email;
  return email ? { user, threshold, channel: 'email', target: email, webhookSecret: '' } : null;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[character] ?? character);
}

/** Sends quota warnings for users touched by settlements, rate-limited per user. */
export class QuotaWarningNotifier {
  private readonly sent = new Map<number, number[]>();
  private readonly checkedAt = new Map<number, number>();
  /** Users skipped because they were checked less than a second ago: checked once that second is over. */
  private readonly deferred = new Set<number>();
  private deferredTimer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly context: AppContext,
    private readonly now: () => number = Date.now,
  ) {}

  /** Checks the users (each at most once a second) and sends what is owed; failures are logged, never thrown. */
  async check(changed: number[]): Promise<void> {
    try {
      await this.checkUsers(changed);
    } catch (error) {
      this.context.log.warn({ err: error, users: changed.length }, 'quota warning check failed');
    }
  }

  /** Stops the deferred check: after shutdown the database is gone. */
  close(): void {
    this.closed = true;
    if (this.deferredTimer) clearTimeout(this.deferredTimer);
    this.deferredTimer = null;
  }

  private async checkUsers(changed: number[]): Promise<void> {
    if (this.closed) return;
    const now = this.now();
    if (this.checkedAt.size > 100_000) this.checkedAt.clear();
    const userIds = changed.filter((id) => now - (this.checkedAt.get(id) ?? -Infinity) >= checkIntervalMs);
    for (const id of changed) if (!userIds.includes(id)) this.deferred.add(id);
    if (this.deferred.size > 0) this.deferredTimer ??= setTimeout(() => this.checkDeferred(), checkIntervalMs).unref();
    if (userIds.length === 0) return;
    for (const id of userIds) this.checkedAt.set(id, now);
    const users = await this.context.db.selectFrom('users').select(['id', 'username', 'email', 'quota', 'setting']).where('id', 'in', userIds).execute();
    const globalThreshold = this.context.options.number('QuotaRemindThreshold');
    for (const user of users) {
      const warning = quotaWarningFor(user, globalThreshold);
      if (!warning || !this.admit(user.id)) continue;
      await this.deliver(warning).catch((error: unknown) => this.context.log.warn({ err: error, userId: user.id, channel: warning.channel }, 'quota warning not delivered'));
    }
  }

  private checkDeferred(): void {
    this.deferredTimer = null;
    const ids = [...this.deferred];
    this.deferred.clear();
    // Their last check is at least a second old by now.
    for (const id of ids) this.checkedAt.delete(id);
    void this.check(ids);
  }

  private admit(userId: number): boolean {
    const now = Date.now();
    const recent = (this.sent.get(userId) ?? []).filter((time) => now - time < windowMs);
    if (recent.length >= warningsPerWindow) return false;
    recent.push(now);
    this.sent.set(userId, recent);
    return true;
  }

  private async deliver(warning: QuotaWarning): Promise<void> {
    const { options } = this.context;
    const balance = formatQuota(warning.user.quota, options);
    const text = `Your ${options.string('SystemName')} balance is ${balance}, below your warning threshold of ${formatQuota(warning.threshold, options)}. Top up to keep your API calls working.`;
    if (warning.channel === 'email') {
      const html = `<p>${escapeHtml(text)}</p>`;
      await accountPortsFor(this.context).mailer.send({ to: warning.target, subject: `${options.string('SystemName')}: your balance is running low`, html });
      return;
    }
    const body = JSON.stringify({ type: 'quota_warning', title: 'Balance running low', content: text, user_id: warning.user.id, username: warning.user.username, quota: warning.user.quota, threshold: warning.threshold, timestamp: Math.floor(Date.now() / 1000) });
    const headers: Record<string, string> = {};
    // The receiver checks the HMAC-SHA256 of the body with the secret it configured.
    if (warning.webhookSecret) headers['x-webhook-signature'] = crypto.createHmac('sha256', warning.webhookSecret).update(body).digest('hex');
    // Only public addresses (or the operator's allowed ones), checked when connecting; no redirects.
    const status = await this.context.outbound.postJson(warning.target, body, headers);
    if (status >= 400) throw new Error(`webhook answered ${status}`);
  }
}
