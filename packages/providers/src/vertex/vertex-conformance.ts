// Channel type 41, Vertex AI: the conformance samples of provider-conformance.test.ts (loaded only by that test).
import { generateKeyPairSync } from 'node:crypto';
import { bearer, googleErrorBodies, type TypeConformance } from '../__conformance__/conformance-kit';

/** A service-account key file around a freshly generated RSA key (never a real credential). */
function generatedServiceAccount(): { json: string; publicKeyPem: string; privateKeyPem: string; clientEmail: string } {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  const clientEmail = 'turnpike-conformance@conformance-project.iam.gserviceaccount.com';
  const json = JSON.stringify({
    type: 'service_account',
    project_id: 'conformance-project',
    private_key_id: '0123456789abcdef0123456789abcdef01234567',
    private_key: privateKey,
    client_email: clientEmail,
    client_id: '100000000000000000001',
    auth_uri: 'https://accounts.google.com/o/oauth2/auth',
    token_uri: 'https://oauth2.googleapis.com/token',
  });
  return { json, publicKeyPem: publicKey, privateKeyPem: privateKey, clientEmail };
}

/** The generated Vertex service account (its public key verifies the exchange's JWT assertion). */
export const vertexAccount = generatedServiceAccount();

/** Two 64-character lines of the private key's base64 body: enough to recognise a leak in any wrapping. */
const privateKeyLines = vertexAccount.privateKeyPem.split('\n').filter((line) => line !== '' && !line.startsWith('-----'));
const vertexSecrets = [privateKeyLines[1] ?? '', privateKeyLines[Math.floor(privateKeyLines.length / 2)] ?? ''];

/** Channel type 41, Vertex AI: sample channels and the token exchange. */
export const vertexConformance: TypeConformance = {
  samples: [
    {
      label: 'service-account JSON, exchanged token',
      channel: { key: vertexAccount.json, baseUrl: '', organization: '', other: 'us-east5' },
      models: ['gemini-2.5-flash', 'claude-sonnet-4-5-20250929'],
      host: 'us-east5-aiplatform.googleapis.com',
      accessToken: 'ya29.c.conformance-access-token',
      auth: bearer('ya29.c.conformance-access-token'),
      secrets: vertexSecrets,
      urlIncludes: ['/v1/projects/conformance-project/locations/us-east5/publishers/'],
    },
  ],
  errorBodies: googleErrorBodies,
  modelList: false,
  exchange: {
    method: 'POST',
    endpoint: 'https://oauth2.googleapis.com/token',
    answerFixture: 'providers/src/vertex/__fixtures__/oauth-token-answer.json',
    token: 'ya29.c.c0ASRK0GZt3kQ8vY1nTq2mXw7LpB4sHc9dFe6JrUa5VgNo0KiWbMz-TESTONLY_xYq3Rn8Ud2Pf',
    errorFixture: 'providers/src/vertex/__fixtures__/oauth-token-error.json',
    secrets: vertexSecrets,
  },
};
