// What a failed Hunyuan call means for the channel, from the Tencent Cloud error code in its body (Tencent answers
// errors with HTTP 200, so the status alone says little).
// @see https://cloud.tencent.com/document/api/1729/105701
// @see https://github.com/TencentCloud/tencentcloud-sdk-java/blob/master/src/main/java/com/tencentcloudapi/hunyuan/v20230901/HunyuanErrorCode.java
import { parseFailureBody } from '../native-dialect/error-body';
import { classifyHttpFailure, type FailureClass } from '../provider-adaptor';
import { decodeHunyuanError } from './tencent-hunyuan-response-codec';

/** Codes meaning the account cannot serve calls until the operator acts: not activated, stopped, out of resource packs. */
const accountCodes = new Set([
  'FailedOperation.ServiceNotActivated',
  'FailedOperation.ServiceStop',
  'FailedOperation.ServiceStopArrears',
  'FailedOperation.FreeResourcePackExhausted',
  'FailedOperation.ResourcePackExhausted',
  'UnsupportedOperation.NonWhitelistAccount',
]);

/** Codes that are the caller's fault (bad parameters, unknown model). */
const callerPrefixes = ['InvalidParameter', 'InvalidParameterValue', 'MissingParameter', 'UnknownParameter', 'UnsupportedOperation'];

/**
 * AuthFailure.*, UnauthorizedOperation.* and account states (not activated, stopped, resource packs used up) switch
 * the channel off; rate limits, engine errors, timeouts and internal errors try another channel; parameter errors are
 * the caller's. Without a Tencent error code the shared HTTP rule applies.
 */
export function classifyTencentFailure(status: number, body: unknown): FailureClass {
  const code = decodeHunyuanError(parseFailureBody(body))?.code;
  if (!code) return classifyHttpFailure(status);
  // An expired signature means the gateway's clock is off, not that the key is bad.
  if (code === 'AuthFailure.SignatureExpire') return 'retry';
  if (code.startsWith('AuthFailure') || code.startsWith('UnauthorizedOperation') || accountCodes.has(code)) return 'disable';
  if (callerPrefixes.some((prefix) => code === prefix || code.startsWith(`${prefix}.`))) return 'client';
  return 'retry';
}
