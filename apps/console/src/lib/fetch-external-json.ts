// Reads a JSON document from a third-party address (e.g. an OIDC discovery document); console API calls go through api-client.ts.

/** Fetches `url` without credentials and returns the parsed JSON; throws on a network error, a non-2xx status or bad JSON. */
export async function fetchExternalJson(url: string, signal?: AbortSignal): Promise<unknown> {
  const response = await fetch(url, { method: 'GET', headers: { Accept: 'application/json' }, credentials: 'omit', signal });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return (await response.json()) as unknown;
}
