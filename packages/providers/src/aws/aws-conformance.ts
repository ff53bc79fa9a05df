// Channel type 33, AWS Claude (Bedrock): the conformance samples of provider-conformance.test.ts (loaded only by that test).
import { bearer, type TypeConformance } from '../__conformance__/conformance-kit';
import { sigV4Suite } from '../__conformance__/signature-vectors';

/** Channel type 33, AWS Claude (Bedrock): sample channels and documented failures. */
export const awsConformance: TypeConformance = {
  samples: [
    {
      label: 'AccessKeyId|SecretAccessKey|Region, SigV4',
      channel: { key: `${sigV4Suite.accessKeyId}|${sigV4Suite.secretAccessKey}|us-east-1`, baseUrl: '', organization: '', other: '' },
      models: ['claude-3-5-sonnet-20241022'],
      host: 'bedrock-runtime.us-east-1.amazonaws.com',
      auth: { kind: 'sigv4', accessKeyId: sigV4Suite.accessKeyId, region: 'us-east-1', service: 'bedrock' },
      secrets: [sigV4Suite.secretAccessKey],
      urlIncludes: ['/model/us.anthropic.claude-3-5-sonnet-20241022-v2%3A0/'],
    },
    {
      label: 'BedrockApiKey|Region, bearer',
      channel: { key: 'ABSKQmVkcm9ja0FQSUtleS1jb25mb3JtYW5jZQ|eu-west-1', baseUrl: '', organization: '', other: '' },
      models: ['claude-sonnet-4-20250514'],
      host: 'bedrock-runtime.eu-west-1.amazonaws.com',
      auth: bearer('ABSKQmVkcm9ja0FQSUtleS1jb25mb3JtYW5jZQ'),
    },
  ],
  // @see https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_InvokeModel.html#API_runtime_InvokeModel_Errors
  errorBodies: {
    unauthorized: { message: 'The security token included in the request is invalid.' },
    rateLimited: { message: 'Too many requests, please wait before trying again.' },
    server: { message: 'Internal server error' },
    validation: { message: 'Malformed input request: #: extraneous key [foo] is not permitted, please reformat your input and try again.' },
  },
  documentedFailures: [
    { label: 'unknown access key (403 UnrecognizedClientException)', status: 403, body: { __type: 'UnrecognizedClientException', message: 'The security token included in the request is invalid.' }, expected: 'disable', source: 'https://docs.aws.amazon.com/bedrock/latest/userguide/troubleshooting-api-error-codes.html' },
    {
      label: 'clock skew (403 Signature expired)',
      status: 403,
      body: { message: 'Signature expired: 20250304T050607Z is now earlier than 20250304T051107Z (20250304T051607Z - 5 min.)' },
      expected: 'retry',
      source: 'https://docs.aws.amazon.com/IAM/latest/UserGuide/signature-v4-troubleshooting.html',
    },
    { label: 'throttling (429 ThrottlingException)', status: 429, body: { __type: 'ThrottlingException', message: 'Too many requests' }, expected: 'retry', source: 'aws/__fixtures__/claude-stream-throttled.eventstream' },
  ],
  modelList: false,
};
