// Channel type 41, Vertex AI: which publisher serves a model and the Vertex name of Anthropic's Claude models.
// Vertex names Claude versions `{model}@{date}` where Anthropic's API uses `{model}-{date}`; Claude 3.5 Sonnet's
// second release is `claude-3-5-sonnet-v2@20241022`.
// @see https://cloud.google.com/vertex-ai/generative-ai/docs/partner-models/claude/use-claude
// @see https://docs.anthropic.com/en/api/claude-on-vertex-ai

/** Anthropic model names whose Vertex name the `{model}@{date}` rule does not give, or that are listed for reference. */
export const vertexClaudeModelIds: Readonly<Record<string, string>> = {
  'claude-3-haiku-20240307': 'claude-3-haiku@20240307',
  'claude-3-sonnet-20240229': 'claude-3-sonnet@20240229',
  'claude-3-opus-20240229': 'claude-3-opus@20240229',
  'claude-3-5-sonnet-20240620': 'claude-3-5-sonnet@20240620',
  'claude-3-5-sonnet-20241022': 'claude-3-5-sonnet-v2@20241022',
  'claude-3-5-haiku-20241022': 'claude-3-5-haiku@20241022',
  'claude-3-7-sonnet-20250219': 'claude-3-7-sonnet@20250219',
  'claude-sonnet-4-20250514': 'claude-sonnet-4@20250514',
  'claude-opus-4-20250514': 'claude-opus-4@20250514',
  'claude-opus-4-1-20250805': 'claude-opus-4-1@20250805',
  'claude-sonnet-4-5-20250929': 'claude-sonnet-4-5@20250929',
  'claude-haiku-4-5-20251001': 'claude-haiku-4-5@20251001',
  'claude-opus-4-5-20251101': 'claude-opus-4-5@20251101',
};

/** True for Anthropic models, which Vertex serves from `publishers/anthropic` in the Messages format. */
export function isVertexClaudeModel(model: string): boolean {
  return model.startsWith('claude');
}

/** The Vertex name of a Claude model: the table, else `{model}-{yyyymmdd}` → `{model}@{yyyymmdd}`; names with `@` pass as is. */
export function vertexClaudeModelId(model: string): string {
  if (model.includes('@')) return model;
  const listed = vertexClaudeModelIds[model];
  if (listed) return listed;
  const dated = /^(claude-.+)-(\d{8})$/.exec(model);
  return dated ? `${dated[1]}@${dated[2]}` : model;
}
