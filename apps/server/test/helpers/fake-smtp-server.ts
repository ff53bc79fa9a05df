// A tiny SMTP server on 127.0.0.1 for tests: accepts AUTH PLAIN/LOGIN and records every delivered message.
import net from 'node:net';

/** One delivered message. */
export interface ReceivedMail {
  from: string;
  to: string[];
  /** The raw DATA section (headers and body). */
  data: string;
  /** The decoded user name of AUTH, when the client authenticated. */
  username: string | null;
}

/** A running fake SMTP server. */
export interface FakeSmtpServer {
  port: number;
  received: ReceivedMail[];
  /** Decodes the base64 HTML body of a received message. */
  bodyOf(mail: ReceivedMail): string;
  close(): Promise<void>;
}

/** Starts the server; `rejectRecipients` answers 550 to RCPT TO (to test failures). */
export async function startFakeSmtpServer(settings: { rejectRecipients?: boolean } = {}): Promise<FakeSmtpServer> {
  const received: ReceivedMail[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.setEncoding('utf8');
    let buffer = '';
    let inData = false;
    let awaitingLogin: 'user' | 'pass' | null = null;
    let current: ReceivedMail = { from: '', to: [], data: '', username: null };
    const reply = (line: string) => socket.write(line + '\r\n');
    reply('220 fake-smtp ready');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          current.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          received.push(current);
          current = { from: '', to: [], data: '', username: current.username };
          reply('250 queued');
          continue;
        }
        const end = buffer.indexOf('\r\n');
        if (end < 0) return;
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (awaitingLogin === 'user') {
          current.username = Buffer.from(line, 'base64').toString('utf8');
          awaitingLogin = 'pass';
          reply('334 UGFzc3dvcmQ6');
          continue;
        }
        if (awaitingLogin === 'pass') {
          awaitingLogin = null;
          reply('235 authenticated');
          continue;
        }
        const verb = line.split(' ')[0].toUpperCase();
        if (verb === 'EHLO') reply('250-fake-smtp\r\n250-AUTH PLAIN LOGIN\r\n250 8BITMIME');
        else if (verb === 'AUTH' && line.toUpperCase().startsWith('AUTH PLAIN ')) {
          current.username = Buffer.from(line.slice(11), 'base64').toString('utf8').split('\u0000')[1] ?? null;
          reply('235 authenticated');
        } else if (verb === 'AUTH') {
          awaitingLogin = 'user';
          reply('334 VXNlcm5hbWU6');
        } else if (verb === 'MAIL') {
          current.from = line.slice(line.indexOf('<') + 1, line.indexOf('>'));
          reply('250 ok');
        } else if (verb === 'RCPT') {
          if (settings.rejectRecipients) reply('550 no such mailbox');
          else {
            current.to.push(line.slice(line.indexOf('<') + 1, line.indexOf('>')));
            reply('250 ok');
          }
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 go ahead');
        } else if (verb === 'QUIT') {
          reply('221 bye');
          socket.end();
        } else reply('502 not implemented');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    received,
    bodyOf(mail) {
      const body = mail.data.slice(mail.data.indexOf('\r\n\r\n') + 4).replace(/\r\n/g, '');
      return Buffer.from(body, 'base64').toString('utf8');
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
