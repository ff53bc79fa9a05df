// Rerank calls: the OpenAI/Jina-style `/v1/rerank` body `{model, query, documents, top_n}` is already Cohere's
// v2 Rerank shape, except that v2 takes documents only as strings and has no `return_documents`.
// @see https://docs.cohere.com/reference/rerank
// @see https://docs.cohere.com/docs/migrating-v1-to-v2
import { asRecord, asString } from './cohere-wire';

/** v1-era fields that `POST /v2/rerank` does not define. */
const droppedFields = ['return_documents', 'rank_fields', 'max_chunks_per_doc'];

/** A document as the string v2 needs: strings stay, `{text}` objects give their text, other values become JSON. */
function documentText(document: unknown): string {
  if (typeof document === 'string') return document;
  return asString(asRecord(document)?.text) ?? JSON.stringify(document);
}

/**
 * Adapts a caller's rerank body for `POST /v2/rerank`: sets the upstream model, flattens documents to strings
 * and leaves out fields v2 does not define. A body that is not a JSON object is sent unchanged.
 */
export function cohereRerankBody(body: string | Buffer, model: string): string | Buffer {
  let parsed: unknown;
  try {
    parsed = JSON.parse(typeof body === 'string' ? body : body.toString('utf8'));
  } catch {
    return body;
  }
  const record = asRecord(parsed);
  if (!record) return body;
  const out: Record<string, unknown> = { ...record, model: model || record.model };
  for (const field of droppedFields) delete out[field];
  if (Array.isArray(record.documents)) out.documents = record.documents.map(documentText);
  return JSON.stringify(out);
}
