// Channel type 40, SiliconCloud: the account's total balance.
// @see https://docs.siliconflow.cn/cn/api-reference/userinfo/get-user-info
import { json, singleCallBalanceReader } from '../openai-compatible/openai-compatible-readers';
import type { BalanceReader } from '../provider-adaptor';
import { siliconCloudDescriptor } from './siliconcloud-descriptor';

/** `GET /v1/user/info` → `data.totalBalance`. */
export const siliconCloudBalanceReader: BalanceReader = singleCallBalanceReader(siliconCloudDescriptor.defaultBaseUrl, '/v1/user/info', (answer) => json.record(answer.data).totalBalance);
