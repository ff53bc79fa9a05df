// What a failed Bedrock answer means. Bedrock names the error in the `x-amzn-ErrorType` header and the body
// (`{"message": …}`, sometimes `__type`); refused credentials come back as 403 UnrecognizedClientException,
// InvalidSignatureException or InvalidClientTokenId (400 IncompleteSignature), throttling as 429, quota as 400.
// @see https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_InvokeModel.html#API_runtime_InvokeModel_Errors
// @see https://docs.aws.amazon.com/bedrock/latest/userguide/troubleshooting-api-error-codes.html
// @see https://docs.aws.amazon.com/IAM/latest/UserGuide/signature-v4-troubleshooting.html
import { classifyHttpFailure, type FailureClass } from '../provider-adaptor';

/** Errors meaning the channel's key is wrong, unknown, expired or cannot sign: no call with it can succeed. */
const refusedKey =
  /UnrecognizedClient|InvalidSignature|InvalidClientTokenId|IncompleteSignature|MissingAuthenticationToken|ExpiredToken|security token included in the request is (?:invalid|expired)|signature we calculated does not match|access key ID provided does not exist|invalid api key|api key is invalid/i;

/** Errors that are this channel's passing state or its account's limits, not the caller's request. */
const channelLimits = /ServiceQuotaExceeded|ThrottlingException|ModelNotReady|use case details/i;

/** A clock-skew refusal (`Signature expired: … is now earlier than …`): the gateway's clock, not the key. */
const clockSkew = /Signature expired|RequestTimeTooSkewed|RequestExpired/i;

function errorText(body: unknown): string {
  if (typeof body === 'string') return body;
  if (body === null || body === undefined) return '';
  try {
    return JSON.stringify(body);
  } catch {
    return '';
  }
}

/** Refused or unusable keys → `disable`; throttling, quotas, timeouts, model errors and 5xx → `retry`; validation errors → `client`. */
export function classifyBedrockFailure(status: number, body: unknown): FailureClass {
  const text = errorText(body);
  if (clockSkew.test(text)) return 'retry';
  if (status === 401 || ((status === 400 || status === 403) && refusedKey.test(text))) return 'disable';
  if (status === 424 || channelLimits.test(text)) return 'retry';
  return classifyHttpFailure(status);
}
