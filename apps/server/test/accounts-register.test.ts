import { LogType, statusErrorCode } from '@turnpike/contract';
import { startSmtpSink, type SmtpSink } from '@turnpike/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { accountPortsFor } from '../src/accounts/account-ports';
import { startTestServer, type TestServer } from './helpers/test-server';

describe('POST /api/user/register and GET /api/verification', () => {
  let server: TestServer;
  let smtp: SmtpSink;
  const changed = new Map<string, unknown>();

  beforeAll(async () => {
    server = await startTestServer({ CRITICAL_RATE_LIMIT: '1000' });
    smtp = await startSmtpSink();
  });
  afterAll(async () => {
    await smtp.close();
    await server.stop();
  });
  afterEach(async () => {
    for (const [key, value] of changed) await server.context.options.set(key, value);
    changed.clear();
  });

  /** Sets an option for one test; afterEach restores the value it had. */
  async function setOption(key: string, value: unknown): Promise<void> {
    if (!changed.has(key)) changed.set(key, server.context.options.text(key));
    await server.context.options.set(key, value);
  }

  const register = (body: Record<string, unknown>, query = '') => server.call('POST', `/api/user/register${query}`, { body });
  const userNamed = (username: string) => server.context.db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirstOrThrow();
  const logsOf = (userId: number) => server.context.db.selectFrom('logs').selectAll().where('user_id', '=', userId).orderBy('id').execute();

  it('creates an ordinary user in the default group with QuotaForNewUser, a bcrypt hash and an affiliate code', async () => {
    await setOption('QuotaForNewUser', 1000);
    const response = await register({ username: 'alice', password: 'password123', password2: 'password123' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'registration successful' });
    const alice = await userNamed('alice');
    expect(alice).toMatchObject({ role: 1, status: 1, group: 'default', quota: 1000, display_name: 'alice', inviter_id: 0, email: '' });
    expect(alice.password).toMatch(/^\$2[ab]\$10\$/);
    expect(alice.aff_code).toMatch(/^[A-Za-z0-9]{4,}$/);
    const logs = await logsOf(alice.id);
    expect(logs.map((log) => [log.type, log.content, log.quota])).toEqual([[LogType.System, 'new user registration bonus $0.002000', 1000]]);
  });

  it('registers a visitor whose form sends its empty optional fields as null (the classic console)', async () => {
    const response = await register({ username: 'nullfields', password: 'password123', password2: 'password123', email: null, verification_code: null, aff_code: null });
    expect(response.statusCode).toBe(200);
    expect((await userNamed('nullfields')).inviter_id).toBe(0);
    const missing = await register({ username: null, password: 'password123' });
    expect(missing.statusCode).toBe(400);
  });

  it('gives every new user a distinct affiliate code', async () => {
    for (const name of ['code1', 'code2', 'code3']) await register({ username: name, password: 'password123' });
    const rows = await server.context.db.selectFrom('users').select('aff_code').where('username', 'in', ['code1', 'code2', 'code3']).execute();
    expect(new Set(rows.map((row) => row.aff_code)).size).toBe(3);
  });

  it('refuses bad input with the spec messages', async () => {
    await server.createUser({ username: 'taken' });
    await server.createUser({ username: 'gone', deleted_at: 1_700_000_000 });
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ username: '', password: 'password123' }, 400, 'username and password cannot be empty'],
      [{ username: 'bob', password: '' }, 400, 'username and password cannot be empty'],
      [{ username: 'x'.repeat(21), password: 'password123' }, 400, 'the username must be at most 20 characters'],
      [{ username: 'bob', password: 'short7!' }, 400, 'the password must be at least 8 characters'],
      [{ username: 'bob', password: 'p'.repeat(21) }, 400, 'the password must be at most 20 characters'],
      [{ username: 'bob', password: 'password123', password2: 'password124' }, 400, 'the two passwords do not match'],
      [{ username: 'taken', password: 'password123' }, 409, 'the username already exists or has been deactivated'],
      [{ username: 'gone', password: 'password123' }, 409, 'the username already exists or has been deactivated'],
      [{ username: 42, password: 'password123' }, 400, 'username: Invalid input: expected string, received number'],
    ];
    for (const [body, status, message] of cases) {
      const response = await register(body);
      expect(response.statusCode, message).toBe(status);
      const code = message.startsWith('the username must be at most') ? 'username_too_long' : statusErrorCode(status);
      expect(response.json(), message).toEqual({ success: false, message, code });
    }
    expect(await server.context.db.selectFrom('users').select('id').where('username', '=', 'bob').executeTakeFirst()).toBeUndefined();
  });

  it('obeys RegisterEnabled and PasswordRegisterEnabled', async () => {
    await setOption('RegisterEnabled', false);
    let response = await register({ username: 'closed1', password: 'password123' });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('the administrator has disabled new user registration');
    await setOption('RegisterEnabled', true);
    await setOption('PasswordRegisterEnabled', false);
    response = await register({ username: 'closed2', password: 'password123' });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('the administrator has disabled registration with a password; please register with a third-party account');
  });

  it('credits an invitation: invitee gets QuotaForNewUser + QuotaForInvitee, inviter gets QuotaForInviter as affiliate quota', async () => {
    await setOption('QuotaForNewUser', 1000);
    await setOption('QuotaForInvitee', 2000);
    await setOption('QuotaForInviter', 3000);
    await register({ username: 'inviter', password: 'password123' });
    const inviter = await userNamed('inviter');
    expect((await register({ username: 'invitee1', password: 'password123', aff_code: inviter.aff_code })).statusCode).toBe(200);
    expect((await register({ username: 'invitee2', password: 'password123', aff_code: inviter.aff_code })).statusCode).toBe(200);

    const invitee = await userNamed('invitee1');
    expect(invitee).toMatchObject({ quota: 3000, inviter_id: inviter.id, aff_quota: 0 });
    const after = await userNamed('inviter');
    expect(after).toMatchObject({ quota: 1000, aff_count: 2, aff_quota: 6000, aff_history_quota: 6000 });

    expect((await logsOf(invitee.id)).map((log) => [log.type, log.content, log.quota])).toEqual([
      [LogType.System, 'new user registration bonus $0.002000', 1000],
      [LogType.System, 'invitation code bonus $0.004000', 2000],
    ]);
    const inviterLogs = (await logsOf(inviter.id)).slice(1);
    expect(inviterLogs.map((log) => [log.type, log.content, log.quota])).toEqual([
      [LogType.System, 'invited user invitee1, reward $0.006000', 3000],
      [LogType.System, 'invited user invitee2, reward $0.006000', 3000],
    ]);
  });

  it('ignores an unknown invitation code', async () => {
    await setOption('QuotaForNewUser', 1000);
    await setOption('QuotaForInvitee', 2000);
    expect((await register({ username: 'stranger', password: 'password123', aff_code: 'nope' })).statusCode).toBe(200);
    expect(await userNamed('stranger')).toMatchObject({ quota: 1000, inviter_id: 0 });
  });

  describe('email verification', () => {
    async function configureSmtp(): Promise<void> {
      await setOption('SMTPServer', '127.0.0.1');
      await setOption('SMTPPort', smtp.port);
      await setOption('SMTPAccount', 'mailer@example.com');
      await setOption('SMTPToken', 'smtp-secret');
      await setOption('SMTPFrom', 'noreply@example.com');
    }
    const verification = (email: string) => server.call('GET', `/api/verification?email=${encodeURIComponent(email)}`);

    it('mails a 6-character code, locks resending for 30 seconds and accepts the code once at registration', async () => {
      await configureSmtp();
      await setOption('EmailVerificationEnabled', true);
      const sent = await verification('carol@example.com');
      expect(sent.json()).toEqual({ success: true, message: 'the verification code has been sent' });
      const mail = await smtp.nextMailTo('carol@example.com');
      expect(mail).toMatchObject({ envelopeFrom: 'noreply@example.com', envelopeTo: ['carol@example.com'], username: 'mailer@example.com' });
      expect(mail.parsed.subject).toBe('Turnpike email verification');
      expect(mail.parsed.from?.text).toBe('"Turnpike" <noreply@example.com>');
      const code = /<strong>([A-Z0-9]{6})<\/strong>/.exec(mail.html)?.[1];
      expect(code).toBeDefined();

      const again = await verification('carol@example.com');
      expect(again.statusCode).toBe(429);
      expect(again.json().message).toMatch(/^please wait (29|30) seconds before requesting another code$/);

      const missing = await register({ username: 'carol', password: 'password123' });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().message).toBe('the administrator has enabled email verification; please enter the email address and the verification code');
      const wrong = await register({ username: 'carol', password: 'password123', email: 'carol@example.com', verification_code: 'ZZZZZZ' });
      expect(wrong.json()).toEqual({ success: false, message: 'the verification code is wrong or has expired', code: 'bad_request' });

      const ok = await register({ username: 'carol', password: 'password123', email: 'carol@example.com', verification_code: code!.toLowerCase() });
      expect(ok.json()).toEqual({ success: true, message: 'registration successful' });
      expect((await userNamed('carol')).email).toBe('carol@example.com');

      const reused = await register({ username: 'carol2', password: 'password123', email: 'carol@example.com', verification_code: code });
      expect(reused.json().message).toBe('the verification code is wrong or has expired');
      const taken = await verification('carol@example.com');
      expect(taken.statusCode).toBe(409);
      expect(taken.json().message).toBe('this email address is already in use');
    });

    it('applies the address rules: format, domain whitelist, alias restriction', async () => {
      await configureSmtp();
      await setOption('EmailDomainRestrictionEnabled', true);
      await setOption('EmailDomainWhitelist', 'example.com, allowed.org');
      await setOption('EmailAliasRestrictionEnabled', true);
      const cases: Array<[string, string]> = [
        ['', 'please enter an email address'],
        ['not-an-email', 'invalid email address'],
        ['dave@other.org', 'the administrator has enabled the email domain whitelist and your email domain is not in it'],
        ['dave+tag@example.com', 'the administrator has enabled the email alias restriction: addresses with "+" or "." before the @ are refused'],
        ['dave.smith@example.com', 'the administrator has enabled the email alias restriction: addresses with "+" or "." before the @ are refused'],
      ];
      for (const [email, message] of cases) {
        const response = await verification(email);
        expect(response.statusCode, email).toBe(400);
        expect(response.json().message, email).toBe(message);
      }
      expect((await verification('dave@allowed.org')).json().success).toBe(true);
    });

    it('says SMTP is not configured, without starting the resend lock', async () => {
      const first = await verification('erin@example.com');
      expect(first.statusCode).toBe(400);
      expect(first.json().message).toBe('SMTP is not configured: the administrator must set the SMTP server first');
      expect((await verification('erin@example.com')).json().message).toBe('SMTP is not configured: the administrator must set the SMTP server first');
    });

    it('reports an SMTP refusal as a 502 naming the step', async () => {
      const refusing = await startSmtpSink({ rejectRecipients: true });
      try {
        await configureSmtp();
        await setOption('SMTPPort', refusing.port);
        const response = await verification('frank@example.com');
        expect(response.statusCode).toBe(502);
        expect(response.json().message).toBe('failed to send the email: SMTP RCPT TO failed: 550 no such mailbox');
      } finally {
        await refusing.close();
      }
    });
  });

  describe('bot check', () => {
    it('requires and verifies the turnstile token on register, login and verification when TurnstileCheckEnabled', async () => {
      const ports = accountPortsFor(server.context);
      const original = ports.turnstile;
      const seen: string[] = [];
      ports.turnstile = { verify: async (token) => (seen.push(token), token === 'good-token') };
      try {
        await setOption('TurnstileCheckEnabled', true);
        const missing = await register({ username: 'botty', password: 'password123' });
        expect(missing.statusCode).toBe(400);
        expect(missing.json().message).toBe('the bot check is not finished yet, please retry in a few seconds');
        const bad = await register({ username: 'botty', password: 'password123' }, '?turnstile=bad-token');
        expect(bad.json().message).toBe('the bot check failed, please refresh the page and try again');
        expect((await register({ username: 'botty', password: 'password123' }, '?turnstile=good-token')).json().success).toBe(true);
        const login = await server.call('POST', '/api/user/login', { body: { username: 'botty', password: 'password123' } });
        expect(login.json().message).toBe('the bot check is not finished yet, please retry in a few seconds');
        const mail = await server.call('GET', '/api/verification?email=x@example.com');
        expect(mail.json().message).toBe('the bot check is not finished yet, please retry in a few seconds');
        expect(seen).toEqual(['bad-token', 'good-token']);
      } finally {
        ports.turnstile = original;
      }
    });
  });
});
