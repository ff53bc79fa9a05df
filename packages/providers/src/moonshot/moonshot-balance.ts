// Channel type 25, Moonshot: the available balance.
// @see https://platform.moonshot.cn/docs/api-reference#user-balance
import { json, singleCallBalanceReader } from '../openai-compatible/openai-compatible-readers';
import type { BalanceReader } from '../provider-adaptor';
import { moonshotDescriptor } from './moonshot-descriptor';

/** `GET /v1/users/me/balance` → `data.available_balance`. */
export const moonshotBalanceReader: BalanceReader = singleCallBalanceReader(moonshotDescriptor.defaultBaseUrl, '/v1/users/me/balance', (answer) => json.record(answer.data).available_balance);
