// Channel type 16, Zhipu ChatGLM (legacy v3 API): `{base}/api/paas/v3/model-api/{model}/invoke` (or `/sse-invoke`
// for streams), authorised by a JWT the gateway signs from the `id.secret` key (cached per key in this module).
// @see https://open.bigmodel.cn/dev/api#chatglm_turbo
// @see https://github.com/QuantumNous/new-api/blob/main/relay/channel/zhipu/adaptor.go
import { classifyHttpFailure, type AdaptorInput, type FailureClass, type ProviderAdaptor, type UpstreamCall } from '../provider-adaptor';
import { zhipuDialect, zhipuDialectId } from './zhipu-dialect';
import { zhipuDescriptor } from './zhipu-descriptor';
import { ZhipuTokenCache } from './zhipu-jwt';
import { zhipuCode, zhipuErrorClass, zhipuErrorStatus } from './zhipu-response-codec';

/** The module's token cache: one signed JWT per key, reused until shortly before it expires. */
export const zhipuTokens = new ZhipuTokenCache();

/** The model-api URL of a call. */
export function zhipuModelApiUrl(baseUrl: string, model: string, stream: boolean): string {
  const base = (baseUrl || zhipuDescriptor.defaultBaseUrl).replace(/\/+$/, '');
  return `${base}/api/paas/v3/model-api/${encodeURIComponent(model)}/${stream ? 'sse-invoke' : 'invoke'}`;
}

/** Posts the dialect body with `Authorization: <jwt>` (no "Bearer", as Zhipu's v3 SDK and new-api send it). */
export const zhipuAdaptor: ProviderAdaptor = {
  buildRequest(input: AdaptorInput): UpstreamCall {
    return {
      url: zhipuModelApiUrl(input.channel.baseUrl, input.model, input.stream),
      method: 'POST',
      headers: {
        authorization: zhipuTokens.token(input.channel.key, input.now ?? new Date()),
        'content-type': 'application/json',
        accept: input.stream ? 'text/event-stream' : 'application/json',
      },
      body: input.body,
    };
  },
  chatWire: () => zhipuDialectId,
  dialect: zhipuDialect,
  streaming: { kind: 'native' },
  classifyFailure(status: number, body: unknown): FailureClass {
    const code = zhipuCode(body);
    if (code === undefined || code === 200) return classifyHttpFailure(status);
    return zhipuErrorClass(code) ?? classifyHttpFailure(status >= 400 ? status : zhipuErrorStatus(code));
  },
};
