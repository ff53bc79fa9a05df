// Channel type 16, Zhipu ChatGLM (legacy API): the conformance samples of provider-conformance.test.ts (loaded only by that test).
import { usage, type TypeConformance } from '../__conformance__/conformance-kit';

/** A made-up secret half of the sample key: it must never travel in a chat request. */
const zhipuSecret = 'Zq7s3cr3tHalfOfTheZhipuKeyXYZ';

/** Channel type 16, Zhipu ChatGLM (legacy API): sample channels and documented failures. */
export const zhipuConformance: TypeConformance = {
  samples: [
    {
      label: 'id.secret, self-signed JWT',
      channel: { key: `conformanceid01.${zhipuSecret}`, baseUrl: '', organization: '', other: '' },
      models: ['chatglm_turbo'],
      host: 'open.bigmodel.cn',
      auth: { kind: 'zhipu-jwt', id: 'conformanceid01', secret: zhipuSecret },
      secrets: [zhipuSecret],
      urlIncludes: ['/api/paas/v3/model-api/chatglm_turbo/'],
    },
  ],
  // @see https://docs.bigmodel.cn/cn/api/api-code
  errorBodies: {
    unauthorized: { code: 1002, msg: 'Authorization Token非法，请确认Authorization Token正确传递。', success: false },
    rateLimited: { code: 1302, msg: '您当前使用该API的并发数过高，请降低并发，或联系客服增加限额。', success: false },
    server: { code: 500, msg: '内部错误', success: false },
    validation: { code: 1214, msg: 'messages 参数非法。请检查文档。', success: false },
  },
  // Usage of the zhipu-v3 dialect's fixtures: exact canonical numbers (inputTokens counts every prompt token).
  dialectUsage: {
    whole: [{ fixture: 'providers/src/zhipu/__fixtures__/chatglm-invoke.json', read: 'json', usage: usage(2, 20) }],
    // the finish event's meta line: prompt 2, completion 20.
    stream: [{ fixture: 'providers/src/zhipu/__fixtures__/chatglm-sse-invoke.sse', usage: usage(2, 20) }],
  },
  modelList: false,
};
