// What the server log may say about a request: its URL with credential query parameters masked (Gemini callers put
// their key in `?key=`, console searches carry `?token=`), and no headers at all (authorization, cookies, api keys).
import type { FastifyRequest } from 'fastify';

/** Query parameters that carry credentials, compared case-insensitively. */
const secretParameters = new Set(['key', 'token', 'access_token', 'api_key', 'api-key', 'apikey', 'secret', 'password', 'code']);

/** The URL with the values of credential query parameters replaced by `[redacted]` (a URL without a query is returned as is). */
export function redactUrl(url: string): string {
  const mark = url.indexOf('?');
  if (mark < 0) return url;
  const parts = url
    .slice(mark + 1)
    .split('&')
    .map((part) => {
      const equals = part.indexOf('=');
      const name = equals < 0 ? part : part.slice(0, equals);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        // A malformed escape: compare the raw name.
      }
      return equals >= 0 && secretParameters.has(decoded.toLowerCase()) ? `${name}=[redacted]` : part;
    });
  return `${url.slice(0, mark)}?${parts.join('&')}`;
}

/** Pino serializers for Fastify's logger: a request is its method, redacted URL and client address. */
export const logSerializers = {
  req: (request: FastifyRequest): Record<string, unknown> => ({ method: request.method, url: redactUrl(request.url), remoteAddress: request.ip }),
};
