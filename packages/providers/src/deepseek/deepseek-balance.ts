// Channel type 43, DeepSeek: the account balance (USD entry when present, else the first currency).
// @see https://api-docs.deepseek.com/api/get-user-balance
import { json, singleCallBalanceReader } from '../openai-compatible/openai-compatible-readers';
import type { BalanceReader } from '../provider-adaptor';
import { deepSeekDescriptor } from './deepseek-descriptor';

/** `GET /user/balance` → `balance_infos[].total_balance`. */
export const deepSeekBalanceReader: BalanceReader = singleCallBalanceReader(deepSeekDescriptor.defaultBaseUrl, '/user/balance', (answer) => {
  const infos = Array.isArray(answer.balance_infos) ? answer.balance_infos.map(json.record) : [];
  return (infos.find((info) => info.currency === 'USD') ?? infos[0])?.total_balance;
});
