import { describe, expect, it } from 'vitest';
import { fixturesBeside } from '@turnpike/testing';
import { zhipuDialect } from './zhipu-dialect';
import { unquoteZhipuContent, zhipuUsage } from './zhipu-response-codec';

const { fixtureJson: fixture } = fixturesBeside(import.meta.url);

describe('zhipuDialect whole answers', () => {
  it('decodes an invoke answer, unquoting its JSON-string content', () => {
    const response = zhipuDialect.decodeResponse(fixture('chatglm-invoke.json'));
    expect(response).toMatchObject({
      id: '8023318729410566227',
      model: '',
      parts: [{ type: 'text', text: ' 你好！我是人工智能助手智谱清言，可以叫我小智🤖。\n有什么可以帮你的吗？' }],
      finishReason: 'stop',
      usage: { inputTokens: 2, outputTokens: 20, cacheReadTokens: 0, cacheWriteTokens: 0, reasoningTokens: 0 },
    });
    expect(Math.abs(response.created - Date.now() / 1000)).toBeLessThan(5);
    expect(zhipuDialect.decodeError(fixture('chatglm-invoke.json'))).toBeUndefined();
  });

  it('reads usage, deriving completion tokens from the total when absent', () => {
    expect(zhipuDialect.readUsage(fixture('chatglm-invoke.json'))).toEqual({ inputTokens: 2, outputTokens: 20, cacheReadTokens: 0, cacheWriteTokens: 0, reasoningTokens: 0 });
    expect(zhipuUsage({ prompt_tokens: 7, total_tokens: 10 })).toEqual({ inputTokens: 7, outputTokens: 3, cacheReadTokens: 0, cacheWriteTokens: 0, reasoningTokens: 0 });
    expect(zhipuUsage({ total_tokens: 10 })).toMatchObject({ inputTokens: 0, outputTokens: 10 });
    expect(zhipuUsage({})).toBeUndefined();
    expect(zhipuDialect.readUsage({ code: 200, data: {} })).toBeUndefined();
  });

  it('reports a failed task and keeps the request id when no task id is given', () => {
    expect(zhipuDialect.decodeResponse({ code: 200, success: true, data: { request_id: 'r1', task_status: 'FAIL', choices: [] } })).toMatchObject({ id: 'r1', parts: [], finishReason: 'error' });
  });

  it('reads errors answered with HTTP 200', () => {
    expect(zhipuDialect.decodeError(fixture('chatglm-invoke-error.json'))).toEqual({ message: 'Prompt 超长', type: 'zhipu_error', code: '1261', httpStatus: 400 });
    expect(zhipuDialect.decodeError({ code: 1002, msg: 'Authorization Token非法，请确认Authorization Token正确传递。', success: false })).toMatchObject({ code: '1002', httpStatus: 401 });
    expect(zhipuDialect.decodeError({ code: 1113, msg: '您的账户已欠费，请充值后重试。', success: false })).toMatchObject({ httpStatus: 403 });
    expect(zhipuDialect.decodeError({ code: 1302, msg: '您当前使用该API的并发数过高', success: false })).toMatchObject({ httpStatus: 429 });
    expect(zhipuDialect.decodeError({ code: 500, msg: '内部错误', success: false })).toMatchObject({ httpStatus: 500 });
    expect(zhipuDialect.decodeError({ success: false })).toEqual({ message: 'ChatGLM error without a code', type: 'zhipu_error', httpStatus: 500 });
    expect(zhipuDialect.decodeError('plain text')).toBeUndefined();
  });
});

describe('unquoteZhipuContent', () => {
  it('unquotes JSON string literals and leaves other text alone', () => {
    expect(unquoteZhipuContent('"a\\"b\\nc"')).toBe('a"b\nc');
    expect(unquoteZhipuContent('"broken \\x"')).toBe('broken \\x');
    expect(unquoteZhipuContent('plain "quoted" words')).toBe('plain "quoted" words');
    expect(unquoteZhipuContent('"')).toBe('"');
  });
});
