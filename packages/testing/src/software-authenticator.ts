// A software WebAuthn authenticator for server tests: an ES256 key from node:crypto, "none" attestation and real
// assertion signatures, so the server's own WebAuthn verification runs against what a browser would send.
import crypto from 'node:crypto';

/** The JSON a browser's credentials.create() yields (what `@simplewebauthn/browser` posts). */
export interface SoftwareRegistration {
  id: string;
  rawId: string;
  type: 'public-key';
  response: { clientDataJSON: string; attestationObject: string; transports: string[] };
  clientExtensionResults: Record<string, never>;
}

/** The JSON a browser's credentials.get() yields. */
export interface SoftwareAssertion {
  id: string;
  rawId: string;
  type: 'public-key';
  response: { clientDataJSON: string; authenticatorData: string; signature: string; userHandle?: string };
  clientExtensionResults: Record<string, never>;
}

/** The parts of the creation options the authenticator reads. */
export interface CreationOptions {
  challenge: string;
  rp: { id?: string };
  user: { id: string };
}

/** The parts of the request options the authenticator reads. */
export interface RequestOptions {
  challenge: string;
  rpId?: string;
}

/** Minimal CBOR: unsigned and negative integers, byte strings, text strings and maps (all the attestation needs). */
function cbor(value: number | string | Uint8Array | Map<number | string, unknown>): Buffer {
  const head = (major: number, length: number): Buffer => {
    if (length < 24) return Buffer.from([(major << 5) | length]);
    if (length < 0x100) return Buffer.from([(major << 5) | 24, length]);
    const out = Buffer.alloc(3);
    out[0] = (major << 5) | 25;
    out.writeUInt16BE(length, 1);
    return out;
  };
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), Buffer.from(value)]);
  const parts = [head(5, value.size)];
  for (const [key, item] of value) parts.push(cbor(key), cbor(item as number | string | Uint8Array | Map<number | string, unknown>));
  return Buffer.concat(parts);
}

const sha256 = (data: Buffer | string): Buffer => crypto.createHash('sha256').update(data).digest();
const flagUserPresent = 0x01;
const flagUserVerified = 0x04;
const flagAttested = 0x40;

/** One authenticator holding one discoverable credential once `register` ran. */
export class SoftwareAuthenticator {
  private readonly keys = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });
  readonly credentialId = crypto.randomBytes(16);
  private userHandle = '';
  /** The signature counter, bumped on every assertion. */
  signCount = 0;

  /** Whether the authenticator reports user verification (PIN, fingerprint). */
  constructor(private readonly userVerified = true) {}

  /** The credential id, base64url. */
  get id(): string {
    return this.credentialId.toString('base64url');
  }

  private flags(extra = 0): number {
    return flagUserPresent | (this.userVerified ? flagUserVerified : 0) | extra;
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** Answers creation options as a browser would, for `origin`. */
  register(options: CreationOptions, origin: string): SoftwareRegistration {
    const rpId = options.rp.id ?? new URL(origin).hostname;
    this.userHandle = options.user.id;
    const jwk = this.keys.publicKey.export({ format: 'jwk' });
    const coseKey = new Map<number, unknown>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(String(jwk.x), 'base64url')],
      [-3, Buffer.from(String(jwk.y), 'base64url')],
    ]);
    const counter = Buffer.alloc(4);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const authData = Buffer.concat([sha256(rpId), Buffer.from([this.flags(flagAttested)]), counter, Buffer.alloc(16), idLength, this.credentialId, cbor(coseKey)]);
    const attestation = cbor(new Map<string, unknown>([['fmt', 'none'], ['attStmt', new Map()], ['authData', authData]]));
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: { clientDataJSON: this.clientData('webauthn.create', options.challenge, origin).toString('base64url'), attestationObject: attestation.toString('base64url'), transports: ['internal'] },
      clientExtensionResults: {},
    };
  }

  /** Answers request options as a browser would (signing with the credential's key), for `origin`. */
  assert(options: RequestOptions, origin: string): SoftwareAssertion {
    const rpId = options.rpId ?? new URL(origin).hostname;
    this.signCount += 1;
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.signCount);
    const authData = Buffer.concat([sha256(rpId), Buffer.from([this.flags()]), counter]);
    const clientData = this.clientData('webauthn.get', options.challenge, origin);
    const signature = crypto.sign('sha256', Buffer.concat([authData, sha256(clientData)]), this.keys.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: { clientDataJSON: clientData.toString('base64url'), authenticatorData: authData.toString('base64url'), signature: signature.toString('base64url'), userHandle: this.userHandle || undefined },
      clientExtensionResults: {},
    };
  }
}
