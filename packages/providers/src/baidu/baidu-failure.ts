// What a failed ERNIE call means for the channel, from the `error_code` in its body (Baidu answers errors with
// HTTP 200, so the status alone says little).
// @see https://cloud.baidu.com/doc/WENXINWORKSHOP/s/tlmyncueh
import { parseFailureBody } from '../native-dialect/error-body';
import { classifyHttpFailure, type FailureClass } from '../provider-adaptor';
import { ernieErrorCode } from './baidu-ernie-response-codec';

/**
 * Codes that need the operator: no permission for the service (6, 336004), the key's app or IAM credentials refused
 * (13, 14, 15), the account's total request quota used up (19).
 */
const disableCodes = new Set([6, 13, 14, 15, 19, 336004]);

/**
 * Codes worth another channel: unknown or internal errors and overload (1, 2, 336000, 336100), rate limits (4, 17, 18,
 * 336501, 336502), and a refused access token (110 invalid, 111 expired). The token is the relay's cached exchange
 * result, not the channel's key: a fresh exchange cures it, so switching the channel off would be wrong.
 */
const retryCodes = new Set([1, 2, 4, 17, 18, 110, 111, 336000, 336100, 336501, 336502]);

/** Classifies by ERNIE error code; parameter errors (3, 100, 336001-336003, 336005, 336101-336105, …) are the caller's. */
export function classifyBaiduFailure(status: number, body: unknown): FailureClass {
  const code = ernieErrorCode(parseFailureBody(body));
  if (code === undefined) return classifyHttpFailure(status);
  if (disableCodes.has(code)) return 'disable';
  if (retryCodes.has(code)) return 'retry';
  return 'client';
}
