// Errors that `/api` handlers throw; the error handler turns them into the envelope with their status.

/** A failure with a message for the user and an HTTP status (4xx for the caller's mistakes). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

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
