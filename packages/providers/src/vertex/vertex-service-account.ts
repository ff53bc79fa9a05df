// Channel type 41, Vertex AI: the channel key is a Google service-account JSON key file. This file reads and
// checks it; no error message ever quotes the key (JSON.parse messages can, so they are replaced).
// @see https://cloud.google.com/iam/docs/keys-create-delete (service-account key files)
// @see https://developers.google.com/identity/protocols/oauth2/service-account#httprest
import { createPrivateKey, type KeyObject } from 'node:crypto';

/** Google's OAuth 2.0 token endpoint, used when the key file names no `token_uri`. */
export const defaultGoogleTokenUri = 'https://oauth2.googleapis.com/token';

/** The fields of a service-account key that the token exchange and the request URLs need. */
export interface VertexServiceAccount {
  projectId: string;
  /** The `kid` of the JWT header; undefined when the file has none. */
  privateKeyId?: string;
  privateKeyPem: string;
  clientEmail: string;
  tokenUri: string;
  /** The project billed for quota (`x-goog-user-project`), when the file names one. */
  quotaProjectId?: string;
}

/** A channel key that is not a usable service-account key; the message names fields, never their values. */
export class VertexKeyError extends Error {
  override readonly name = 'VertexKeyError';
}

const requiredFields = ['project_id', 'private_key', 'client_email'] as const;

function optionalString(record: Record<string, unknown>, field: string): string | undefined {
  const value = record[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new VertexKeyError(`Vertex AI key: ${field} must be a string`);
  return value.trim() || undefined;
}

function parseJsonObject(key: string): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(key);
  } catch {
    throw new VertexKeyError('Vertex AI key is not valid JSON: paste the whole service-account key file');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new VertexKeyError('Vertex AI key must be a JSON object: paste the whole service-account key file');
  }
  return parsed as Record<string, unknown>;
}

function checkTokenUri(value: string | undefined): string {
  if (value === undefined) return defaultGoogleTokenUri;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new VertexKeyError('Vertex AI key: token_uri is not a URL');
  }
  if (url.protocol !== 'https:') throw new VertexKeyError('Vertex AI key: token_uri must be an https URL');
  return value;
}

/** Parses and checks a service-account key file; throws `VertexKeyError` naming what is wrong. */
export function parseVertexServiceAccount(key: string): VertexServiceAccount {
  const record = parseJsonObject(key.trim());
  const type = optionalString(record, 'type');
  if (type !== undefined && type !== 'service_account') {
    throw new VertexKeyError(`Vertex AI key: type is "${type}", expected "service_account" (create a key for a service account)`);
  }
  const missing = requiredFields.filter((field) => optionalString(record, field) === undefined);
  if (missing.length > 0) throw new VertexKeyError(`Vertex AI key: missing or empty ${missing.join(', ')}`);
  const clientEmail = optionalString(record, 'client_email') as string;
  if (!clientEmail.includes('@')) throw new VertexKeyError('Vertex AI key: client_email is not an e-mail address');
  return {
    projectId: optionalString(record, 'project_id') as string,
    privateKeyId: optionalString(record, 'private_key_id'),
    // Keys pasted after an extra round of escaping carry literal `\n` sequences instead of line breaks.
    privateKeyPem: (optionalString(record, 'private_key') as string).replace(/\\n/g, '\n'),
    clientEmail,
    tokenUri: checkTokenUri(optionalString(record, 'token_uri')),
    quotaProjectId: optionalString(record, 'quota_project_id'),
  };
}

/** Loads the account's PEM private key; throws `VertexKeyError` unless it is an RSA private key. */
export function loadVertexSigningKey(account: VertexServiceAccount): KeyObject {
  let key: KeyObject;
  try {
    key = createPrivateKey({ key: account.privateKeyPem, format: 'pem' });
  } catch {
    throw new VertexKeyError('Vertex AI key: private_key is not a readable PEM private key');
  }
  if (key.asymmetricKeyType !== 'rsa') throw new VertexKeyError('Vertex AI key: private_key is not an RSA key');
  return key;
}
