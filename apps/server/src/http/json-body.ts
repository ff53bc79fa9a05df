// One JSON body parser for every route family (the relay's fast lane and Fastify's routes): Fastify's messages and
// codes, prototype poisoning refused, and a nesting limit checked on the bytes before parsing, so a deeply nested body
// is the caller's 400 instead of a stack overflow somewhere later (where it would be blamed on a channel).
import secureJson from 'secure-json-parse';

/** An error that renders like Fastify's body-parser errors (status and code). */
export class BodyError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const quote = 0x22;
const backslash = 0x5c;

/** True when arrays and objects in `body` nest deeper than `limit` (strings are skipped, escapes honoured). */
export function jsonNestsDeeperThan(body: Buffer, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < body.length; index += 1) {
    const byte = body[index];
    if (inString) {
      if (byte === backslash) index += 1;
      else if (byte === quote) inString = false;
    } else if (byte === quote) inString = true;
    else if (byte === 0x7b || byte === 0x5b) {
      depth += 1;
      if (depth > limit) return true;
    } else if (byte === 0x7d || byte === 0x5d) depth -= 1;
  }
  return false;
}

/** Parses a JSON body; empty, malformed, poisoned or too deeply nested bodies throw a 400 BodyError. */
export function parseJsonBody(body: Buffer, depthLimit: number): unknown {
  if (body.length === 0) throw new BodyError(400, 'FST_ERR_CTP_EMPTY_JSON_BODY', "Body cannot be empty when content-type is set to 'application/json'");
  if (jsonNestsDeeperThan(body, depthLimit)) throw new BodyError(400, 'FST_ERR_CTP_INVALID_JSON_BODY', `Body nests deeper than ${depthLimit} levels`);
  try {
    return secureJson.parse(body, undefined, { protoAction: 'error', constructorAction: 'error' });
  } catch {
    throw new BodyError(400, 'FST_ERR_CTP_INVALID_JSON_BODY', "Body is not valid JSON but content-type is set to 'application/json'");
  }
}
