// A self-signed certificate for an HTTPS mock upstream (`startMockUpstream({ tls })`), DER-encoded by hand:
// node:crypto makes keys but no certificates.
import { generateKeyPairSync, sign } from 'node:crypto';

function der(tag: number, content: Buffer): Buffer {
  const length = content.length;
  const head = length < 0x80 ? [length] : length < 0x100 ? [0x81, length] : [0x82, length >> 8, length & 0xff];
  return Buffer.concat([Buffer.from([tag, ...head]), content]);
}

const derSequence = (...items: Buffer[]): Buffer => der(0x30, Buffer.concat(items));

function derOid(text: string): Buffer {
  const arcs = text.split('.').map(Number);
  const bytes = [40 * arcs[0] + arcs[1]];
  for (const arc of arcs.slice(2)) {
    const encoded = [arc & 0x7f];
    for (let rest = arc >> 7; rest > 0; rest >>= 7) encoded.unshift((rest & 0x7f) | 0x80);
    bytes.push(...encoded);
  }
  return der(0x06, Buffer.from(bytes));
}

const derUtcTime = (date: Date): Buffer => der(0x17, Buffer.from(`${date.toISOString().replace(/[-:T]/g, '').slice(2, 14)}Z`, 'ascii'));

function pem(label: string, bytes: Buffer): string {
  const lines = bytes.toString('base64').match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;
}

/** A self-signed RSA certificate for 127.0.0.1 and localhost, valid for a day, with its private key (PEM). */
export function selfSignedCertificate(): { key: string; cert: string } {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const sha256WithRsa = derSequence(derOid('1.2.840.113549.1.1.11'), Buffer.from([0x05, 0x00]));
  const name = derSequence(der(0x31, derSequence(derOid('2.5.4.3'), der(0x0c, Buffer.from('127.0.0.1', 'utf8')))));
  const now = Date.now();
  const altNames = derSequence(der(0x87, Buffer.from([127, 0, 0, 1])), der(0x82, Buffer.from('localhost', 'ascii')));
  const tbs = derSequence(
    der(0xa0, der(0x02, Buffer.from([2]))),
    der(0x02, Buffer.from([1])),
    sha256WithRsa,
    name,
    derSequence(derUtcTime(new Date(now - 3_600_000)), derUtcTime(new Date(now + 86_400_000))),
    name,
    publicKey.export({ type: 'spki', format: 'der' }),
    der(0xa3, derSequence(derSequence(derOid('2.5.29.17'), der(0x04, altNames)))),
  );
  const signature = sign('sha256', tbs, privateKey);
  const certificate = derSequence(tbs, sha256WithRsa, der(0x03, Buffer.concat([Buffer.from([0]), signature])));
  return { key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), cert: pem('CERTIFICATE', certificate) };
}
