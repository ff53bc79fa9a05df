import { createPrivateKey, generateKeyPairSync, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadVertexSigningKey, parseVertexServiceAccount, VertexKeyError } from './vertex-service-account';
import { createServiceAccountAssertion, signRs256, vertexCredentials } from './vertex-signing';
import { fixturesBeside } from '@turnpike/testing';
import type { AdaptorChannel } from '../provider-adaptor';

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const privateKeyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

const serviceAccount = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
  type: 'service_account',
  project_id: 'turnpike-test-417203',
  private_key_id: '6f1c0e8b2a9d4c7e83b5a1f0d2e4c6b8a0f1e2d3',
  private_key: privateKeyPem,
  client_email: 'relay@turnpike-test-417203.iam.gserviceaccount.com',
  client_id: '104729937512398461723',
  auth_uri: 'https://accounts.google.com/o/oauth2/auth',
  token_uri: 'https://oauth2.googleapis.com/token',
  auth_provider_x509_cert_url: 'https://www.googleapis.com/oauth2/v1/certs',
  client_x509_cert_url: 'https://www.googleapis.com/robot/v1/metadata/x509/relay%40turnpike-test-417203.iam.gserviceaccount.com',
  universe_domain: 'googleapis.com',
  ...overrides,
});

const channel = (key: string): AdaptorChannel => ({ type: 41, key, baseUrl: '', organization: '', other: 'us-central1' });
const now = new Date('2025-03-14T09:26:53.000Z');
const nowSeconds = 1741944413;

const decodePart = (part: string): Record<string, unknown> => JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
const { fixtureJson: fixture } = fixturesBeside(import.meta.url);

describe('signRs256', () => {
  it('reproduces the RS256 signature of RFC 7515 Appendix A.2', () => {
    // Key, signing input and signature are the published example of https://www.rfc-editor.org/rfc/rfc7515#appendix-A.2.
    const key = createPrivateKey({
      format: 'jwk',
      key: {
        kty: 'RSA',
        n: 'ofgWCuLjybRlzo0tZWJjNiuSfb4p4fAkd_wWJcyQoTbji9k0l8W26mPddxHmfHQp-Vaw-4qPCJrcS2mJPMEzP1Pt0Bm4d4QlL-yRT-SFd2lZS-pCgNMsD1W_YpRPEwOWvG6b32690r2jZ47soMZo9wGzjb_7OMg0LOL-bSf63kpaSHSXndS5z5rexMdbBYUsLA9e-KXBdQOS-UTo7WTBEMa2R2CapHg665xsmtdVMTBQY4uDZlxvb3qCo5ZwKh9kG4LT6_I5IhlJH7aGhyxXFvUK-DWNmoudF8NAco9_h9iaGNj8q2ethFkMLs91kzk2PAcDTW9gb54h4FRWyuXpoQ',
        e: 'AQAB',
        d: 'Eq5xpGnNCivDflJsRQBXHx1hdR1k6Ulwe2JZD50LpXyWPEAeP88vLNO97IjlA7_GQ5sLKMgvfTeXZx9SE-7YwVol2NXOoAJe46sui395IW_GO-pWJ1O0BkTGoVEn2bKVRUCgu-GjBVaYLU6f3l9kJfFNS3E0QbVdxzubSu3Mkqzjkn439X0M_V51gfpRLI9JYanrC4D4qAdGcopV_0ZHHzQlBjudU2QvXt4ehNYTCBr6XCLQUShb1juUO1ZdiYoFaFQT5Tw8bGUl_x_jTj3ccPDVZFD9pIuhLhBOneufuBiB4cS98l2SR_RQyGWSeWjnczT0QU91p1DhOVRuOopznQ',
        p: '4BzEEOtIpmVdVEZNCqS7baC4crd0pqnRH_5IB3jw3bcxGn6QLvnEtfdUdiYrqBdss1l58BQ3KhooKeQTa9AB0Hw_Py5PJdTJNPY8cQn7ouZ2KKDcmnPGBY5t7yLc1QlQ5xHdwW1VhvKn-nXqhJTBgIPgtldC-KDV5z-y2XDwGUc',
        q: 'uQPEfgmVtjL0Uyyx88GZFF1fOunH3-7cepKmtH4pxhtCoHqpWmT8YAmZxaewHgHAjLYsp1ZSe7zFYHj7C6ul7TjeLQeZD_YwD66t62wDmpe_HlB-TnBA-njbglfIsRLtXlnDzQkv5dTltRJ11BKBBypeeF6689rjcJIDEz9RWdc',
        dp: 'BwKfV3Akq5_MFZDFZCnW-wzl-CCo83WoZvnLQwCTeDv8uzluRSnm71I3QCLdhrqE2e9YkxvuxdBfpT_PI7Yz-FOKnu1R6HsJeDCjn12Sk3vmAktV2zb34MCdy7cpdTh_YVr7tss2u6vneTwrA86rZtu5Mbr1C1XsmvkxHQAdYo0',
        dq: 'h_96-mK1R_7glhsum81dZxjTnYynPbZpHziZjeeHcXYsXaaMwkOlODsWa7I9xXDoRwbKgB719rrmI2oKr6N3Do9U0ajaHF-NKJnwgjMd2w9cjz3_-kyNlxAr2v4IKhGNpmM5iIgOS1VZnOZ68m6_pbLBSp3nssTdlqvd0tIiTHU',
        qi: 'IYd7DHOhrWvxkwPQsRM2tOgrjbcrfvtQJipd-DlcxyVuuM9sQLdgjVk2oy26F0EmpScGLq2MowX7fhd_QJQ3ydy5cY7YIBi87w93IKLEdfnbJtoOPLUW0ITrJReOgo1cq9SbsxYawBgfp_gh6A5603k2-ZQwVK0JKSHuLFkuQ3U',
      },
    });
    const signingInput = 'eyJhbGciOiJSUzI1NiJ9.eyJpc3MiOiJqb2UiLA0KICJleHAiOjEzMDA4MTkzODAsDQogImh0dHA6Ly9leGFtcGxlLmNvbS9pc19yb290Ijp0cnVlfQ';
    expect(signRs256(signingInput, key)).toBe(
      'cC4hiUPoj9Eetdgtv3hF80EGrhuB__dzERat0XF9g2VtQgr9PJbu3XOiZj5RZmh7AAuHIm4Bh-0Qc_lF5YKt_O8W2Fp5jujGbds9uJdbF9CUAr7t1dnZcAcQjbKBYNX4BAynRFdiuB--f_nZLgrnbyTyWzO75vRK5h6xBArLIARNPvkSjtQBMHlb1L07Qe7K0GarZRmB_eSN9383LcOLn6_dO--xi12jzDwusC-eOkHWEsqtFZESc6BfI7noOPqvhJ1phCnvWh6IeYI2w9QOYEUipUTI8np6LbgGY9Fs98rqVt5AXLIhWkWywlVmtVrBp0igcN_IoypGlUPQGe77Rw',
    );
  });
});

describe('createServiceAccountAssertion', () => {
  const account = parseVertexServiceAccount(JSON.stringify(serviceAccount()));
  const jwt = createServiceAccountAssertion(account, now);
  const [header, claims, signature] = jwt.split('.');

  it('has the RS256 header with the key id and the documented claim set', () => {
    expect(jwt.split('.')).toHaveLength(3);
    expect(decodePart(header!)).toEqual({ alg: 'RS256', typ: 'JWT', kid: '6f1c0e8b2a9d4c7e83b5a1f0d2e4c6b8a0f1e2d3' });
    expect(decodePart(claims!)).toEqual({
      iss: 'relay@turnpike-test-417203.iam.gserviceaccount.com',
      scope: 'https://www.googleapis.com/auth/cloud-platform',
      aud: 'https://oauth2.googleapis.com/token',
      iat: nowSeconds,
      exp: nowSeconds + 3600,
    });
  });

  it('is signed so that the public key verifies it, and no other input', () => {
    const signed = Buffer.from(`${header}.${claims}`, 'ascii');
    const bytes = Buffer.from(signature!, 'base64url');
    expect(bytes).toHaveLength(256);
    expect(verify('sha256', signed, publicKey, bytes)).toBe(true);
    expect(verify('sha256', Buffer.from(`${header}.${claims}x`, 'ascii'), publicKey, bytes)).toBe(false);
  });

  it('omits kid when the key file has no private_key_id and uses the file token_uri as audience', () => {
    const other = parseVertexServiceAccount(JSON.stringify(serviceAccount({ private_key_id: undefined, token_uri: 'https://oauth2.example.test/token' })));
    const [otherHeader, otherClaims] = createServiceAccountAssertion(other, now).split('.');
    expect(decodePart(otherHeader!)).toEqual({ alg: 'RS256', typ: 'JWT' });
    expect(decodePart(otherClaims!).aud).toBe('https://oauth2.example.test/token');
  });

  it('accepts a private key whose line breaks arrive as literal \\n sequences', () => {
    const escaped = parseVertexServiceAccount(JSON.stringify(serviceAccount({ private_key: privateKeyPem.replace(/\n/g, '\\n') })));
    const [h, c, s] = createServiceAccountAssertion(escaped, now).split('.');
    expect(verify('sha256', Buffer.from(`${h}.${c}`, 'ascii'), publicKey, Buffer.from(s!, 'base64url'))).toBe(true);
  });
});

describe('vertexCredentials', () => {
  it('posts the jwt-bearer grant as a form to the token endpoint', () => {
    const call = vertexCredentials.request(channel(JSON.stringify(serviceAccount())), now);
    expect(call.url).toBe('https://oauth2.googleapis.com/token');
    expect(call.method).toBe('POST');
    expect(call.headers).toEqual({ 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' });
    const body = String(call.body);
    expect(body.startsWith('grant_type=urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Ajwt-bearer&assertion=')).toBe(true);
    const form = new URLSearchParams(body);
    expect([...form.keys()]).toEqual(['grant_type', 'assertion']);
    expect(form.get('grant_type')).toBe('urn:ietf:params:oauth:grant-type:jwt-bearer');
    const [h, c, s] = form.get('assertion')!.split('.');
    expect(decodePart(c!)).toMatchObject({ iss: 'relay@turnpike-test-417203.iam.gserviceaccount.com', iat: nowSeconds, exp: nowSeconds + 3600 });
    expect(verify('sha256', Buffer.from(`${h}.${c}`, 'ascii'), publicKey, Buffer.from(s!, 'base64url'))).toBe(true);
  });

  it('defaults the token endpoint when the key file names none', () => {
    const call = vertexCredentials.request(channel(JSON.stringify(serviceAccount({ token_uri: undefined }))), now);
    expect(call.url).toBe('https://oauth2.googleapis.com/token');
    const assertion = new URLSearchParams(String(call.body)).get('assertion')!;
    expect(decodePart(assertion.split('.')[1]!).aud).toBe('https://oauth2.googleapis.com/token');
  });

  it('reads the token and its expiry from a token answer', () => {
    expect(vertexCredentials.read(fixture('oauth-token-answer.json'), now)).toEqual({
      token: 'ya29.c.c0ASRK0GZt3kQ8vY1nTq2mXw7LpB4sHc9dFe6JrUa5VgNo0KiWbMz-TESTONLY_xYq3Rn8Ud2Pf',
      expiresAt: now.getTime() + 3_599_000,
    });
  });

  it('reads nothing from an error answer or a non-object', () => {
    expect(vertexCredentials.read(fixture('oauth-token-error.json'), now)).toBeUndefined();
    expect(vertexCredentials.read(null, now)).toBeUndefined();
    expect(vertexCredentials.read({ access_token: '' }, now)).toBeUndefined();
  });

  it('assumes one hour when expires_in is missing', () => {
    expect(vertexCredentials.read({ access_token: 'ya29.x' }, now)).toEqual({ token: 'ya29.x', expiresAt: now.getTime() + 3_600_000 });
  });
});

describe('service-account key validation', () => {
  const pemBody = privateKeyPem.split('\n')[1]!;
  const failure = (key: string): VertexKeyError => {
    try {
      vertexCredentials.request(channel(key), now);
    } catch (error) {
      expect(error).toBeInstanceOf(VertexKeyError);
      return error as VertexKeyError;
    }
    throw new Error('expected the request to throw');
  };

  it.each([
    ['not JSON', privateKeyPem, /not valid JSON/],
    ['a truncated file', JSON.stringify(serviceAccount()).slice(0, 400), /not valid JSON/],
    ['a JSON array', '[1,2]', /must be a JSON object/],
    ['an authorized_user file', JSON.stringify(serviceAccount({ type: 'authorized_user' })), /type is "authorized_user", expected "service_account"/],
    ['missing fields', JSON.stringify(serviceAccount({ project_id: '', client_email: undefined })), /missing or empty project_id, client_email$/],
    ['a non-string field', JSON.stringify(serviceAccount({ private_key: 42 })), /private_key must be a string/],
    ['a bad client_email', JSON.stringify(serviceAccount({ client_email: 'relay' })), /client_email is not an e-mail address/],
    ['a plain-http token_uri', JSON.stringify(serviceAccount({ token_uri: 'http://oauth2.googleapis.com/token' })), /token_uri must be an https URL/],
    ['a damaged private key', JSON.stringify(serviceAccount({ private_key: privateKeyPem.replace(pemBody, pemBody.slice(0, 20)) })), /private_key is not a readable PEM private key/],
  ])('rejects %s with a clear message that quotes no key material', (_name, key, message) => {
    const error = failure(key);
    expect(error.message).toMatch(message);
    expect(error.message).not.toContain(pemBody.slice(0, 16));
    expect(error.message).not.toContain('BEGIN');
    expect(error.cause).toBeUndefined();
  });

  it('rejects a key that is not RSA', () => {
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    expect(failure(JSON.stringify(serviceAccount({ private_key: ec }))).message).toBe('Vertex AI key: private_key is not an RSA key');
  });

  it('loads the RSA key of a valid file', () => {
    expect(loadVertexSigningKey(parseVertexServiceAccount(JSON.stringify(serviceAccount()))).asymmetricKeyType).toBe('rsa');
  });
});
