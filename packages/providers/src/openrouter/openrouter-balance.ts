// Channel type 20, OpenRouter: purchased credits minus usage.
// @see https://openrouter.ai/docs/api-reference/get-credits
import { json, singleCallBalanceReader } from '../openai-compatible/openai-compatible-readers';
import type { BalanceReader } from '../provider-adaptor';
import { openRouterDescriptor } from './openrouter-descriptor';

/** `GET /v1/credits` (under the /api base) → `data.total_credits − data.total_usage`. */
export const openRouterBalanceReader: BalanceReader = singleCallBalanceReader(openRouterDescriptor.defaultBaseUrl, '/v1/credits', (answer) => {
  const data = json.record(answer.data);
  const credits = json.numeric(data.total_credits);
  return credits === undefined ? undefined : credits - (json.numeric(data.total_usage) ?? 0);
});
