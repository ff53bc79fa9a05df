import { selfSignedCertificate, startSmtpSink, type SmtpSink } from '@turnpike/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { accountPortsFor } from '../src/accounts/account-ports';
import { SmtpMailer, type Mailer, type MailMessage } from '../src/accounts/mailer';
import { DatabaseCodeStore, resetTokenRules } from '../src/accounts/verification-code-store';
import { createSessionValue, sessionCookieName } from '../src/http/session-cookie';
import { startTestServer, type TestServer } from './helpers/test-server';

// Verification, password reset and email binding against a real SMTP server: the codes and links are read out of
// the mail the server really sent.
describe('mail: password reset, email binding, transport security', () => {
  let server: TestServer;
  let smtp: SmtpSink;
  const changed = new Map<string, unknown>();
  const serverAddress = 'https://gateway.example.com';

  beforeAll(async () => {
    server = await startTestServer({ CRITICAL_RATE_LIMIT: '1000' });
    smtp = await startSmtpSink({ credentials: { username: 'mailer@example.com', password: 'smtp-secret' } });
  });
  afterAll(async () => {
    await smtp.close();
    await server.stop();
  });
  afterEach(async () => {
    for (const [key, value] of changed) await server.context.options.set(key, value);
    changed.clear();
  });

  async function setOption(key: string, value: unknown): Promise<void> {
    if (!changed.has(key)) changed.set(key, server.context.options.text(key));
    await server.context.options.set(key, value);
  }

  async function configureSmtp(port = smtp.port): Promise<void> {
    await setOption('SMTPServer', '127.0.0.1');
    await setOption('SMTPPort', port);
    await setOption('SMTPAccount', 'mailer@example.com');
    await setOption('SMTPToken', 'smtp-secret');
    await setOption('SMTPFrom', 'noreply@example.com');
    await setOption('ServerAddress', serverAddress);
  }

  /** Runs `body` with a replaced port of the server's account ports, restoring the original afterwards. */
  async function withPort<K extends 'mailer' | 'resetTokens'>(name: K, replacement: ReturnType<typeof accountPortsFor>[K], body: () => Promise<void>): Promise<void> {
    const ports = accountPortsFor(server.context);
    const original = ports[name];
    ports[name] = replacement;
    try {
      await body();
    } finally {
      ports[name] = original;
    }
  }

  /** A mailer that records each message and passes it to the real one. */
  function recordingMailer(sent: MailMessage[]): Mailer {
    const real = new SmtpMailer(server.context.options);
    return { send: (message) => (sent.push(message), real.send(message)) };
  }

  const askReset = (email: string) => server.call('GET', `/api/reset_password?email=${encodeURIComponent(email)}`);
  const reset = (body: Record<string, unknown>) => server.call('POST', '/api/user/reset', { body });
  const login = (username: string, password: string) => server.call('POST', '/api/user/login', { body: { username, password } });

  /** The reset link of the next mail to `address`, parsed. */
  async function resetLinkFor(address: string): Promise<URL> {
    const mail = await smtp.nextMailTo(address);
    expect(mail.parsed.subject).toBe('Turnpike password reset');
    const href = /href="([^"]+)"/.exec(mail.html)?.[1];
    expect(href).toBeDefined();
    return new URL(href!.replace(/&amp;/g, '&'));
  }

  describe('password reset', () => {
    it('mails a link to /user/reset that sets a new random password once; sessions end, the new password signs in', async () => {
      await configureSmtp();
      const rita = await server.createUser({ username: 'rita', email: 'rita@example.com', password: 'old-password1' });
      // A session signed in a few seconds before the reset (cutoffs count whole seconds).
      const earlier = createSessionValue(rita.user.id, server.context.config.sessionSecret, Date.now() - 5_000);
      const owner = { ...rita, headers: { ...rita.headers, cookie: `${sessionCookieName}=${earlier}` } };
      expect((await server.call('GET', '/api/user/self', { as: owner })).statusCode).toBe(200);
      const answer = await askReset('rita@example.com');
      expect(answer.json()).toEqual({ success: true, message: 'if an account uses this address, a password reset link has been sent to it' });
      const link = await resetLinkFor('rita@example.com');
      expect(link.origin + link.pathname).toBe(`${serverAddress}/user/reset`);
      expect(link.searchParams.get('email')).toBe('rita@example.com');
      const token = link.searchParams.get('token') ?? '';
      expect(token).toMatch(/^[A-HJ-NP-Z2-9]{32}$/);

      const done = await reset({ email: 'rita@example.com', token });
      expect(done.statusCode).toBe(200);
      const body = done.json();
      expect(body).toMatchObject({ success: true, message: 'the password has been reset' });
      expect(body.data).toMatch(/^[A-Za-z0-9]{12}$/);
      expect((await login('rita', body.data)).json().success).toBe(true);
      expect((await login('rita', 'old-password1')).json().message).toBe('wrong username or password');
      // The session the owner had before the reset no longer works.
      expect((await server.call('GET', '/api/user/self', { as: owner })).statusCode).toBe(401);

      const replay = await reset({ email: 'rita@example.com', token });
      expect(replay.statusCode).toBe(400);
      expect(replay.json()).toEqual({ success: false, message: 'the reset link is invalid or has expired', code: 'bad_request' });
    });

    it('answers the same for an unknown address, mails nothing, and locks both for 30 seconds', async () => {
      await configureSmtp();
      await server.createUser({ username: 'sam', email: 'sam@example.com' });
      const sent: MailMessage[] = [];
      await withPort('mailer', recordingMailer(sent), async () => {
        const known = await askReset('sam@example.com');
        const unknown = await askReset('nobody@example.com');
        expect(unknown.statusCode).toBe(known.statusCode);
        expect(unknown.json()).toEqual(known.json());
        expect(sent.map((message) => message.to)).toEqual(['sam@example.com']);
        const knownAgain = await askReset('sam@example.com');
        const unknownAgain = await askReset('nobody@example.com');
        expect(knownAgain.statusCode).toBe(429);
        expect(knownAgain.json().message).toMatch(/^please wait (29|30) seconds before requesting another link$/);
        expect(unknownAgain.statusCode).toBe(429);
        expect(unknownAgain.json().message).toMatch(/^please wait (29|30) seconds before requesting another link$/);
        expect(sent).toHaveLength(1);
      });
      await smtp.nextMailTo('sam@example.com');
    });

    it('refuses an expired token, a wrong token, a token for another address, and drops a token after five wrong tries', async () => {
      await configureSmtp();
      await server.createUser({ username: 'tess', email: 'tess@example.com', password: 'tess-password' });
      await server.createUser({ username: 'uma', email: 'uma@example.com' });
      let now = Date.now();
      const tokens = new DatabaseCodeStore(server.context.db, resetTokenRules, () => now);
      await withPort('resetTokens', tokens, async () => {
        await askReset('tess@example.com');
        const expiring = (await resetLinkFor('tess@example.com')).searchParams.get('token') ?? '';
        now += 600_001;
        expect((await reset({ email: 'tess@example.com', token: expiring })).json().message).toBe('the reset link is invalid or has expired');

        await askReset('tess@example.com');
        const token = (await resetLinkFor('tess@example.com')).searchParams.get('token') ?? '';
        expect((await reset({ email: 'uma@example.com', token })).json().message).toBe('the reset link is invalid or has expired');
        for (let attempt = 0; attempt < 5; attempt += 1) {
          expect((await reset({ email: 'tess@example.com', token: 'A'.repeat(32) })).json().message).toBe('the reset link is invalid or has expired');
        }
        expect((await reset({ email: 'tess@example.com', token })).json().message).toBe('the reset link is invalid or has expired');
      });
      expect((await login('tess', 'tess-password')).json().success).toBe(true);
      const missing = await reset({ email: 'tess@example.com' });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().message).toBe('the reset link is incomplete: the email address and the token are required');
    });

    it('needs SMTP and the server address before it takes any lock, and checks the address format', async () => {
      const noSmtp = await askReset('vic@example.com');
      expect(noSmtp.statusCode).toBe(400);
      expect(noSmtp.json().message).toBe('SMTP is not configured: the administrator must set the SMTP server first');
      await configureSmtp();
      await setOption('ServerAddress', '');
      const noAddress = await askReset('vic@example.com');
      expect(noAddress.statusCode).toBe(400);
      expect(noAddress.json().message).toBe('the administrator must set the server address first: the reset link points to it');
      expect((await askReset('not-an-address')).json().message).toBe('invalid email address');
      expect((await askReset('')).json().message).toBe('please enter an email address');
      await setOption('ServerAddress', serverAddress);
      expect((await askReset('vic@example.com')).json().success).toBe(true);
    });

    it('gives the same answer when the mail server refuses, and never a 500', async () => {
      const refusing = await startSmtpSink({ rejectRecipients: true });
      try {
        await configureSmtp(refusing.port);
        await server.createUser({ username: 'wes', email: 'wes@example.com' });
        const known = await askReset('wes@example.com');
        const unknown = await askReset('nobody2@example.com');
        expect(known.statusCode).toBe(200);
        expect(known.json()).toEqual(unknown.json());
      } finally {
        await refusing.close();
      }
    });

    it('is rate limited per client address', async () => {
      const limited = await startTestServer({ CRITICAL_RATE_LIMIT: '3' });
      try {
        const statuses: number[] = [];
        for (let attempt = 0; attempt < 4; attempt += 1) {
          statuses.push((await limited.call('POST', '/api/user/reset', { body: { email: 'x@example.com', token: 'T'.repeat(32) } })).statusCode);
        }
        expect(statuses).toEqual([400, 400, 400, 429]);
        const refused = await limited.call('GET', '/api/reset_password?email=x@example.com');
        expect(refused.json()).toEqual({ success: false, message: 'too many requests, please try again later', code: 'too_many_requests' });
      } finally {
        await limited.stop();
      }
    });
  });

  describe('email binding', () => {
    const askCode = (email: string) => server.call('GET', `/api/verification?email=${encodeURIComponent(email)}`);
    const bind = (query: string, as?: Parameters<TestServer['call']>[2]) => server.call('GET', `/api/oauth/email/bind?${query}`, as);

    async function codeFor(email: string): Promise<string> {
      expect((await askCode(email)).json()).toEqual({ success: true, message: 'the verification code has been sent' });
      const mail = await smtp.nextMailTo(email);
      return /<strong>([A-Z0-9]{6})<\/strong>/.exec(mail.html)?.[1] ?? '';
    }

    it('binds the address with the mailed code, once; refuses visitors, wrong codes, missing fields and a taken address', async () => {
      await configureSmtp();
      const xena = await server.createUser({ username: 'xena' });
      const code = await codeFor('xena@example.com');
      expect(code).toMatch(/^[A-Z0-9]{6}$/);

      const visitor = await bind(`email=xena%40example.com&code=${code}`);
      expect(visitor.statusCode).toBe(401);
      expect((await bind('email=xena%40example.com', { as: xena })).json().message).toBe('please enter the email address and the verification code');
      const wrong = await bind('email=xena%40example.com&code=ZZZZZZ', { as: xena });
      expect(wrong.json()).toEqual({ success: false, message: 'the verification code is wrong or has expired', code: 'bad_request' });

      const bound = await bind(`email=xena%40example.com&code=${code.toLowerCase()}`, { as: xena });
      expect(bound.json()).toEqual({ success: true, message: 'email bound' });
      expect((await server.call('GET', '/api/user/self', { as: xena })).json().data.email).toBe('xena@example.com');

      const yann = await server.createUser({ username: 'yann' });
      const replay = await bind(`email=xena%40example.com&code=${code}`, { as: yann });
      expect(replay.statusCode).toBe(409);
      expect(replay.json().message).toBe('this email address is already in use');
      expect((await askCode('xena@example.com')).json().message).toBe('this email address is already in use');
    });

    it('applies the domain whitelist and the alias restriction when binding', async () => {
      await configureSmtp();
      const zoe = await server.createUser({ username: 'zoe' });
      await setOption('EmailDomainRestrictionEnabled', true);
      await setOption('EmailDomainWhitelist', 'example.com');
      await setOption('EmailAliasRestrictionEnabled', true);
      expect((await bind('email=zoe%40other.org&code=ABCDEF', { as: zoe })).json().message).toBe(
        'the administrator has enabled the email domain whitelist and your email domain is not in it',
      );
      expect((await bind('email=zoe%2Bshop%40example.com&code=ABCDEF', { as: zoe })).json().message).toBe(
        'the administrator has enabled the email alias restriction: addresses with "+" or "." before the @ are refused',
      );
      expect((await askCode('z.oe@gmail.com')).json().message).toBe('the administrator has enabled the email domain whitelist and your email domain is not in it');
    });

    it('reports an unreachable mail server as a clear 502, not a 500, and keeps no lock', async () => {
      const closed = await startSmtpSink();
      const port = closed.port;
      await closed.close();
      await configureSmtp(port);
      const response = await askCode('amy@example.com');
      expect(response.statusCode).toBe(502);
      expect(response.json().message).toMatch(/^failed to send the email: .*ECONNREFUSED/);
      await configureSmtp();
      expect((await askCode('amy@example.com')).json().success).toBe(true);
      await smtp.nextMailTo('amy@example.com');
    });
  });

  describe('transport failures', () => {
    it('names the refused login step when the SMTP password is wrong', async () => {
      await configureSmtp();
      await setOption('SMTPToken', 'wrong-secret');
      const response = await server.call('GET', '/api/verification?email=bea%40example.com');
      expect(response.statusCode).toBe(502);
      expect(response.json()).toEqual({ success: false, message: expect.stringMatching(/^failed to send the email: .*535 authentication failed/), code: 'internal_error' });
    });
  });

  describe('transport security', () => {
    const certificate = selfSignedCertificate();

    it.each(['starttls', 'implicit'] as const)('sends over %s TLS when the server is trusted, and refuses an untrusted certificate', async (mode) => {
      const secureSink = await startSmtpSink({ tls: { mode, ...certificate } });
      try {
        await configureSmtp(secureSink.port);
        await setOption('SMTPSSLEnabled', mode === 'implicit');
        const trusting = new SmtpMailer(server.context.options, { tls: { ca: certificate.cert } });
        await withPort('mailer', trusting, async () => {
          expect((await server.call('GET', '/api/verification?email=tls-' + mode + '%40example.com')).json().success).toBe(true);
        });
        const mail = await secureSink.nextMailTo(`tls-${mode}@example.com`);
        expect(mail).toMatchObject({ secure: true, username: 'mailer@example.com' });

        // The default mailer trusts only the system's CAs: the self-signed server is refused with a clear message.
        const refused = await server.call('GET', `/api/verification?email=untrusted-${mode}%40example.com`);
        expect(refused.statusCode).toBe(502);
        expect(refused.json().message).toMatch(/^failed to send the email: .*self[- ]signed certificate/);
        expect(secureSink.received).toHaveLength(1);
      } finally {
        await secureSink.close();
      }
    });
  });
});
