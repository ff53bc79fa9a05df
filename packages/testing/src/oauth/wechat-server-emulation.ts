// A WeChat server (the official-account bridge new-api uses) as an emulation of its documented API:
// `GET /api/wechat/user?code=` with the access token in Authorization answers `{success, message, data: <openid>}`.
// A code is what the official account sends after the user's keyword; it is valid for three minutes and used once.
import crypto from 'node:crypto';
import { listenLocal, sendJson, type Listening } from './http-helpers';

/** A running WeChat server emulation. */
export interface WeChatServerEmulation extends Listening {
  /** The code the official account would send to the user with this openid. */
  issueCode(openId: string): string;
  /** Ages every issued code by `seconds` (for the three-minute validity). */
  age(seconds: number): void;
}

/** How long a code is valid (seconds). */
export const wechatCodeSeconds = 180;

/** Starts the emulation; `token` is the server's access token (the WeChatServerToken option). */
export async function startWeChatServerEmulation(token: string): Promise<WeChatServerEmulation> {
  const codes = new Map<string, { openId: string; issuedAt: number }>();
  const listening = await listenLocal((req, res) => {
    const url = new URL(req.url ?? '/', 'http://emulation');
    if (req.method !== 'GET' || url.pathname !== '/api/wechat/user') return sendJson(res, 404, { success: false, message: 'not found' });
    if (req.headers.authorization !== token) return sendJson(res, 200, { success: false, message: 'invalid token', data: '' });
    const code = url.searchParams.get('code') ?? '';
    const entry = codes.get(code);
    codes.delete(code);
    if (!entry || Date.now() - entry.issuedAt > wechatCodeSeconds * 1000) return sendJson(res, 200, { success: false, message: 'the verification code is wrong or has expired', data: '' });
    sendJson(res, 200, { success: true, message: '', data: entry.openId });
  });
  return {
    ...listening,
    issueCode(openId) {
      const code = String(crypto.randomInt(100000, 1000000));
      codes.set(code, { openId, issuedAt: Date.now() });
      return code;
    },
    age(seconds) {
      for (const entry of codes.values()) entry.issuedAt -= seconds * 1000;
    },
  };
}
