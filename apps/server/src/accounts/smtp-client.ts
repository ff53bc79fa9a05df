// A minimal SMTP client (RFC 5321) on node:net/tls: implicit TLS or STARTTLS, AUTH PLAIN/LOGIN, one HTML message.
import crypto from 'node:crypto';
import net from 'node:net';
import os from 'node:os';
import tls from 'node:tls';

/** Where and how to send. */
export interface SmtpSettings {
  host: string;
  port: number;
  /** Implicit TLS from the first byte (port 465 style); otherwise STARTTLS is used when the server offers it. */
  secure: boolean;
  username: string;
  password: string;
  /** Envelope and header sender address. */
  from: string;
  /** Display name in the From header. */
  fromName: string;
  timeoutMilliseconds?: number;
}

/** One HTML mail to one recipient. */
export interface MailMessage {
  to: string;
  subject: string;
  html: string;
}

/** The SMTP server refused a step or the connection failed; the message never contains the password. */
export class SmtpError extends Error {}

interface Reply {
  code: number;
  lines: string[];
}

const crlf = '\r\n';
const localHosts = new Set(['localhost', '127.0.0.1', '::1']);

/** Reads CRLF-terminated, possibly multi-line replies from a socket that can be swapped for its TLS upgrade. */
class ReplyReader {
  private buffer = '';
  private lines: string[] = [];
  private readonly ready: Reply[] = [];
  private waiter: { resolve: (reply: Reply) => void; reject: (error: Error) => void } | null = null;
  private failure: Error | null = null;

  attach(socket: net.Socket): void {
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => this.push(chunk));
    socket.on('error', (error) => this.fail(new SmtpError(`SMTP connection failed: ${error.message}`)));
    socket.on('close', () => this.fail(new SmtpError('SMTP connection closed unexpectedly')));
  }

  detach(socket: net.Socket): void {
    socket.removeAllListeners('data');
    socket.removeAllListeners('error');
    socket.removeAllListeners('close');
  }

  next(): Promise<Reply> {
    const reply = this.ready.shift();
    if (reply) return Promise.resolve(reply);
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => (this.waiter = { resolve, reject }));
  }

  fail(error: Error): void {
    this.failure ??= error;
    const waiter = this.waiter;
    this.waiter = null;
    waiter?.reject(this.failure);
  }

  private push(chunk: string): void {
    this.buffer += chunk;
    let end = this.buffer.indexOf(crlf);
    while (end >= 0) {
      const line = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      this.lines.push(line);
      if (!/^\d{3}-/.test(line)) {
        const reply = { code: Number.parseInt(line.slice(0, 3), 10) || 0, lines: this.lines.map((text) => text.slice(4)) };
        this.lines = [];
        const waiter = this.waiter;
        this.waiter = null;
        if (waiter) waiter.resolve(reply);
        else this.ready.push(reply);
      }
      end = this.buffer.indexOf(crlf);
    }
  }
}

function connect(settings: SmtpSettings): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = settings.secure
      ? tls.connect({ host: settings.host, port: settings.port, servername: net.isIP(settings.host) ? undefined : settings.host })
      : net.connect({ host: settings.host, port: settings.port });
    const onError = (error: Error) => reject(new SmtpError(`cannot connect to the SMTP server ${settings.host}:${settings.port}: ${error.message}`));
    socket.once('error', onError);
    socket.once(settings.secure ? 'secureConnect' : 'connect', () => {
      socket.removeListener('error', onError);
      resolve(socket);
    });
  });
}

function upgrade(socket: net.Socket, host: string): Promise<tls.TLSSocket> {
  return new Promise((resolve, reject) => {
    const secured = tls.connect({ socket, servername: net.isIP(host) ? undefined : host });
    const onError = (error: Error) => reject(new SmtpError(`STARTTLS failed: ${error.message}`));
    secured.once('error', onError);
    secured.once('secureConnect', () => {
      secured.removeListener('error', onError);
      resolve(secured);
    });
  });
}

/** RFC 2047 encoded-word for non-ASCII header text. */
function encodeHeader(text: string): string {
  return /^[\x20-\x7e]*$/.test(text) ? text : `=?UTF-8?B?${Buffer.from(text, 'utf8').toString('base64')}?=`;
}

function buildMessage(settings: SmtpSettings, message: MailMessage): string {
  const body = Buffer.from(message.html, 'utf8').toString('base64').replace(/.{1,76}/g, (line) => line + crlf);
  const headers = [
    `From: ${encodeHeader(settings.fromName)} <${settings.from}>`,
    `To: <${message.to}>`,
    `Subject: ${encodeHeader(message.subject)}`,
    `Date: ${new Date().toUTCString()}`,
    `Message-ID: <${crypto.randomUUID()}@${settings.from.split('@')[1] ?? 'localhost'}>`,
    'MIME-Version: 1.0',
    'Content-Type: text/html; charset=UTF-8',
    'Content-Transfer-Encoding: base64',
  ];
  return headers.join(crlf) + crlf + crlf + body;
}

function heloName(): string {
  const name = os.hostname();
  return /^[A-Za-z0-9.-]+$/.test(name) ? name : 'localhost';
}

/** Sends one message; throws SmtpError naming the step that failed. */
export async function sendSmtpMail(settings: SmtpSettings, message: MailMessage): Promise<void> {
  for (const [field, value] of [['recipient', message.to], ['sender', settings.from], ['subject', message.subject], ['sender name', settings.fromName]]) {
    if (/[\r\n]/.test(value) || (field !== 'subject' && field !== 'sender name' && /[<>]/.test(value))) throw new SmtpError(`invalid ${field}`);
  }
  const reader = new ReplyReader();
  let socket: net.Socket = await connect(settings);
  const timeout = settings.timeoutMilliseconds ?? 15_000;
  const arm = (target: net.Socket) => target.setTimeout(timeout, () => target.destroy(new Error('SMTP server did not answer in time')));
  arm(socket);
  reader.attach(socket);
  let secure = settings.secure;

  const expect = async (step: string, codes: number[]): Promise<Reply> => {
    const reply = await reader.next();
    if (!codes.includes(reply.code)) throw new SmtpError(`SMTP ${step} failed: ${reply.code} ${reply.lines.join(' ')}`.trim());
    return reply;
  };
  const send = (step: string, line: string, codes: number[]): Promise<Reply> => {
    socket.write(line + crlf);
    return expect(step, codes);
  };

  try {
    await expect('greeting', [220]);
    let capabilities = (await send('EHLO', `EHLO ${heloName()}`, [250])).lines.map((line) => line.toUpperCase());
    if (!secure && capabilities.some((line) => line.startsWith('STARTTLS'))) {
      await send('STARTTLS', 'STARTTLS', [220]);
      reader.detach(socket);
      socket = await upgrade(socket, settings.host);
      arm(socket);
      reader.attach(socket);
      secure = true;
      capabilities = (await send('EHLO', `EHLO ${heloName()}`, [250])).lines.map((line) => line.toUpperCase());
    }
    if (settings.username) {
      if (!secure && !localHosts.has(settings.host)) throw new SmtpError('the SMTP server offers no TLS; refusing to send the password in clear');
      const authLine = capabilities.find((line) => line.startsWith('AUTH')) ?? 'AUTH PLAIN';
      if (/\bPLAIN\b/.test(authLine) || !/\bLOGIN\b/.test(authLine)) {
        const token = Buffer.from(`\u0000${settings.username}\u0000${settings.password}`, 'utf8').toString('base64');
        await send('authentication', `AUTH PLAIN ${token}`, [235]);
      } else {
        await send('authentication', 'AUTH LOGIN', [334]);
        await send('authentication', Buffer.from(settings.username, 'utf8').toString('base64'), [334]);
        await send('authentication', Buffer.from(settings.password, 'utf8').toString('base64'), [235]);
      }
    }
    await send('MAIL FROM', `MAIL FROM:<${settings.from}>`, [250]);
    await send('RCPT TO', `RCPT TO:<${message.to}>`, [250, 251]);
    await send('DATA', 'DATA', [354]);
    await send('message', buildMessage(settings, message) + '.', [250]);
    socket.write(`QUIT${crlf}`);
  } finally {
    reader.detach(socket);
    socket.on('error', () => undefined);
    socket.end();
  }
}
