// Google service accounts as a Vertex AI channel holds them, and the check of the RS256 JWT assertions a relay signs
// with them (the token endpoint's side of the OAuth exchange).
import { generateKeyPairSync, verify, type KeyObject } from 'node:crypto';

/** A service-account key file (as pasted into a Vertex channel) and the public half to check its assertions with. */
export interface ServiceAccount {
  /** The JSON key file text. */
  key: string;
  projectId: string;
  clientEmail: string;
  publicKey: KeyObject;
}

/** Makes a service-account key file whose `token_uri` is the given URL. */
export function createServiceAccount(tokenUri: string, projectId = 'turnpike-test'): ServiceAccount {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const clientEmail = `relay@${projectId}.iam.gserviceaccount.com`;
  const key = JSON.stringify({
    type: 'service_account',
    project_id: projectId,
    private_key_id: 'test-key-id',
    private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    client_email: clientEmail,
    token_uri: tokenUri,
  });
  return { key, projectId, clientEmail, publicKey };
}

/** The header and claims of an RS256 JWT whose signature `publicKey` verifies; undefined for any other token. */
export function verifyJwt(token: string, publicKey: KeyObject): { header: Record<string, unknown>; claims: Record<string, unknown> } | undefined {
  const parts = token.split('.');
  if (parts.length !== 3) return undefined;
  const [header, claims, signature] = parts;
  if (!verify('sha256', Buffer.from(`${header}.${claims}`, 'ascii'), publicKey, Buffer.from(signature, 'base64url'))) return undefined;
  const decode = (part: string): Record<string, unknown> => JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;
  const decodedHeader = decode(header);
  return decodedHeader.alg === 'RS256' ? { header: decodedHeader, claims: decode(claims) } : undefined;
}
