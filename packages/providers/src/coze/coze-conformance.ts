// Channel type 49, Coze: the conformance samples of provider-conformance.test.ts (loaded only by that test).
import { bearer, usage, type TypeConformance } from '../__conformance__/conformance-kit';

/** Channel type 49, Coze: sample channels and documented failures. */
export const cozeConformance: TypeConformance = {
  samples: [
    {
      label: 'personal access token, bot id in other',
      channel: { key: 'pat_conformanceCozeToken', baseUrl: '', organization: '', other: '7342866812345678901' },
      models: ['coze-bot'],
      host: 'api.coze.cn',
      auth: bearer('pat_conformanceCozeToken'),
      urlIncludes: ['/v3/chat'],
      bodyFields: { bot_id: '7342866812345678901', stream: true },
    },
  ],
  // @see https://www.coze.cn/open/docs/developer_guides/coze_error_codes
  errorBodies: {
    unauthorized: { code: 4100, msg: 'authentication is invalid', detail: { logid: '20241122083000C0A8010A1B2C3D4E5F' } },
    rateLimited: { code: 4013, msg: 'The requests exceed the limit. Please try again later.' },
    server: { code: 5000, msg: 'The service encountered an unexpected internal error.' },
    validation: { code: 4000, msg: 'Request parameter error: the bot_id is invalid.' },
  },
  // Usage of the coze-v3-chat dialect's fixtures: exact canonical numbers (inputTokens counts every prompt token).
  dialectUsage: {
    whole: [
      { fixture: 'providers/src/coze/__fixtures__/coze-message-list.json', read: 'json', usage: undefined, note: 'a message list (GET /v3/chat/message/list) carries no usage by design' },
      // GET /v3/chat/retrieve: the chat object of coze-stream-chat.sse's conversation.chat.completed event.
      { fixture: 'providers/src/coze/__fixtures__/coze-chat-retrieve.json', read: 'json', usage: usage(614, 19) },
    ],
    // conversation.chat.completed usage: input_count 614, output_count 19.
    stream: [{ fixture: 'providers/src/coze/__fixtures__/coze-stream-chat.sse', usage: usage(614, 19) }],
  },
  modelList: false,
};
