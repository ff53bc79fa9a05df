// Edits a request body that is JSON text on its way to the upstream: sets values the channel carries (a knowledge
// base id, a bot id) that the dialect's encoder could not know.

/** The body with `fields` set on its JSON object (replacing what it had there); a body that is not a JSON object is returned unchanged. */
export function withJsonFields(body: string | Buffer, fields: Record<string, unknown>): string | Buffer {
  let parsed: unknown;
  try {
    parsed = JSON.parse(typeof body === 'string' ? body : body.toString('utf8'));
  } catch {
    return body;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return body;
  return JSON.stringify({ ...parsed, ...fields });
}
