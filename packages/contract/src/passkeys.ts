// Passkeys and secure verification (new-api-contracts.md §5): scopes, proof codes, messages and the shapes both sides use.
import type { AccessGrant } from './auth-session';

/** What a security proof may unlock. */
export const securityScopes = ['channel.key.read', 'passkey.register', 'passkey.delete'] as const;

/** One security-proof scope. */
export type SecurityScope = (typeof securityScopes)[number];

/** How a proof was earned. */
export type SecurityMethod = '2fa' | 'passkey';

/** Header that carries a proof token to a protected call. */
export const securityProofHeader = 'X-Security-Proof';

/** Life of a proof token: 5 minutes. */
export const securityProofSeconds = 300;

/** Codes of the 403 answers of a protected call, with new-api's messages. */
export const securityProofFailures = {
  SECURITY_PROOF_REQUIRED: '需要安全验证',
  SECURITY_PROOF_EXPIRED: '安全验证已过期',
  SECURITY_PROOF_SCOPE_MISMATCH: '安全验证范围不匹配',
  SECURITY_PROOF_METHOD_MISMATCH: '安全验证方式不匹配',
  SECURITY_PROOF_INVALID: '安全验证状态无效',
} as const;

/** One proof failure code. */
export type SecurityProofCode = keyof typeof securityProofFailures;

/** Messages of the passkey and verification routes (new-api's). */
export const passkeyMessages = {
  disabled: '管理员未启用 Passkey 登录',
  incompleteFlow: 'Passkey 流程参数不完整',
  flowExpired: 'Passkey 流程已过期，请重新开始',
  notBound: '该用户尚未绑定 Passkey',
  unsupportedScope: '不支持的安全验证范围',
  unsupportedAuth: '当前认证方式不支持安全验证',
  insecureOrigin: 'Passkey 需要 HTTPS 访问（管理员可允许不安全来源）',
  verifyFailed: 'Passkey 验证失败',
  unknownCredential: '未找到该 Passkey，请重新注册',
  userDisabled: '用户已被禁用',
  registered: 'Passkey 注册成功',
  removed: 'Passkey 已解绑',
  verified: 'Passkey 验证成功',
  reset: 'Passkey 已重置',
  resetSameOrHigher: '无权操作同级或更高级用户的 Passkey',
  passkeyNeedsFlow: 'Passkey 验证必须使用 Passkey verify 流程',
  twoFactorNotEnabled: '用户未启用2FA',
  codeRequired: '验证码不能为空',
  codeWrong: '验证失败，请检查验证码',
  verifySucceeded: '验证成功',
  keyRevealed: '获取成功',
} as const;

/** GET /api/user/passkey. */
export type PasskeyStatus = { enabled: false } | { enabled: true; last_used_at: number };

/** What a ceremony's begin answers: the WebAuthn options (under `publicKey`), its flow token and expiry (unix s). */
export interface PasskeyCeremony<Options> {
  options: { publicKey: Options };
  flow_token: string;
  expires_at: number;
}

/** The body of a ceremony's finish: its flow token and the browser's PublicKeyCredential as JSON. */
export interface PasskeyFinishRequest<Credential> {
  flow_token: string;
  credential: Credential;
}

/** A security proof: send `proof_token` as X-Security-Proof within 5 minutes. */
export interface SecurityProof {
  proof_token: string;
  expires_at: number;
  method: SecurityMethod;
  scope: SecurityScope;
}

/** POST /api/verify with a 2FA code. */
export interface SecurityVerifyRequest {
  method: SecurityMethod;
  code?: string;
  scope: SecurityScope;
}

/** The rotation bundle a passkey change answers (the caller's session moves to a new version). */
export type PasskeyRotation = AccessGrant;

/** POST /api/channel/:id/key. */
export interface ChannelKeyAnswer {
  key: string;
}

/** The passkey option keys, as the console's system settings edit them. */
export const passkeyOptionKeys = [
  'passkey.enabled',
  'passkey.rp_display_name',
  'passkey.rp_id',
  'passkey.origins',
  'passkey.allow_insecure_origin',
  'passkey.user_verification',
  'passkey.attachment_preference',
] as const;

/** Allowed values of `passkey.user_verification` and `passkey.attachment_preference`. */
export const passkeyUserVerifications = ['required', 'preferred', 'discouraged'] as const;
export const passkeyAttachments = ['', 'platform', 'cross-platform'] as const;
