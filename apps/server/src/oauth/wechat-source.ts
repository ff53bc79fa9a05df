// WeChat sign-in through a WeChat server (the official-account bridge): the user sends the keyword, gets a code valid
// for three minutes, and the server exchanges it at `GET <WeChatServerAddress>/api/wechat/user?code=`.
import type { OptionStore } from '../options/option-store';
import { ProviderError, providerMessages, type ExternalAccount, type IdentitySource } from './identity-source';
import { OutboundError, requestJson, textField } from './outbound-json';

/** WeChat as an identity source (WeChatAuthEnabled). */
export const wechatSource: IdentitySource = { name: 'WeChat', column: 'wechat_id', usernamePrefix: 'wechat_', enabledOption: 'WeChatAuthEnabled' };

/** Messages of the WeChat exchange. */
export const wechatMessages = {
  codeRequired: 'the verification code cannot be empty',
  codeInvalid: 'the verification code is wrong or has expired',
} as const;

/** Asks the WeChat server (with WeChatServerToken) whose code this is. */
export async function wechatAccountForCode(options: OptionStore, code: string): Promise<ExternalAccount> {
  const trimmed = code.trim();
  if (!trimmed) throw new ProviderError(wechatMessages.codeRequired);
  const base = options.string('WeChatServerAddress').trim().replace(/\/+$/, '');
  let answer: { status: number; body: unknown };
  try {
    answer = await requestJson({ method: 'GET', url: `${base}/api/wechat/user?code=${encodeURIComponent(trimmed)}`, headers: { authorization: options.string('WeChatServerToken') } });
  } catch (error) {
    if (error instanceof OutboundError) throw new ProviderError(providerMessages.connectFailed(wechatSource.name));
    throw error;
  }
  const body = answer.body as { success?: unknown } | null;
  const id = textField(body, 'data');
  if (body?.success !== true || !id) throw new ProviderError(textField(body, 'message') || wechatMessages.codeInvalid);
  return { id, username: '', displayName: 'WeChat User' };
}
