// Errors that `/api` handlers throw; the error handler turns them into the envelope with their status and code.
import { problemText, statusErrorCode, type ApiErrorCode, type Envelope, type Problem } from '@turnpike/contract';

/** A failure with a message for the user, an HTTP status (4xx for the caller's mistakes) and a code the console translates. */
export class ApiError extends Error {
  readonly code: ApiErrorCode;

  constructor(
    readonly status: number,
    message: string,
    code?: ApiErrorCode,
  ) {
    super(message);
    this.code = code ?? statusErrorCode(status);
  }

  /** The failure envelope of this error. */
  toEnvelope(): Envelope<never> {
    return { success: false, message: this.message, code: this.code };
  }
}

/** The failure envelope of an error that is not an ApiError (Fastify's own 4xx, or a 500). */
export function failureEnvelope(status: number, message: string): Envelope<never> {
  return { success: false, message, code: statusErrorCode(status) };
}

/** 400 for a broken input rule: the spec's message and the problem's code. */
export const problemError = (problem: Problem, status = 400): ApiError => new ApiError(status, problemText(problem), problem.code);
/** 400: the request is malformed or breaks a rule. */
export const badRequest = (message: string): ApiError => new ApiError(400, message);
/** 401: no valid session or access token. */
export const unauthorized = (message = 'not logged in or login expired, please log in again'): ApiError => new ApiError(401, message);
/** 403: authenticated but not allowed. */
export const forbidden = (message = 'no permission to perform this operation'): ApiError => new ApiError(403, message);
/** 404: the thing does not exist. */
export const notFound = (message: string): ApiError => new ApiError(404, message);
/** 409: conflicts with the current state. */
export const conflict = (message: string): ApiError => new ApiError(409, message);
/** 429: too many requests. */
export const tooManyRequests = (message = 'too many requests, please try again later'): ApiError => new ApiError(429, message);
