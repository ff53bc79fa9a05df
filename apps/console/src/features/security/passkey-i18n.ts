// Strings of passkeys and secure verification (personal card, sign-in button, verification modal, admin reset,
// channel key reveal), in English and Chinese, plus the server's messages by their contract key.
import { passkeyMessages, securityProofFailures } from '@turnpike/contract';

const en = {
  title: 'Passkey',
  hint: 'Sign in with your fingerprint, face or device PIN instead of a password.',
  registered: 'Registered',
  none: 'Not registered',
  lastUsed: 'Last used: {{time}}',
  neverUsed: 'Not used yet',
  register: 'Register a passkey',
  replace: 'Replace passkey',
  remove: 'Remove passkey',
  removeConfirm: 'Remove the passkey of this account?',
  registeredDone: 'Passkey registered',
  removedDone: 'Passkey removed',
  unsupported: 'This browser does not support passkeys',
  cancelled: 'The passkey operation was cancelled',
  login: 'Sign in with a passkey',
  adminReset: 'Reset passkey',
  adminResetConfirm: "Remove this user's passkey and sign them out everywhere?",
  adminResetDone: "The user's passkey has been reset",
  verifyTitle: 'Security verification',
  verifyHint: 'Confirm it is you before continuing.',
  method2fa: 'Authenticator code',
  methodPasskey: 'Passkey',
  codePlaceholder: '6-digit code or backup code',
  verify: 'Verify',
  verifyWithPasskey: 'Verify with passkey',
  needFactor: 'Enable two-factor authentication or register a passkey first',
  revealKey: 'Reveal key',
  keyTitle: 'Channel key',
  copied: 'Copied',
  verification: { required: 'Required', preferred: 'Preferred', discouraged: 'Discouraged' },
  attachment: { any: 'Any', platform: 'This device (platform)', 'cross-platform': 'Security key (cross-platform)' },
  server: {
    disabled: 'Passkey sign-in is not enabled by the administrator',
    incompleteFlow: 'The passkey request is incomplete',
    flowExpired: 'The passkey request has expired, please start again',
    notBound: 'This account has no passkey',
    unsupportedScope: 'Unsupported verification scope',
    unsupportedAuth: 'This sign-in method cannot be verified',
    insecureOrigin: 'Passkeys need HTTPS (an administrator can allow insecure origins)',
    verifyFailed: 'Passkey verification failed',
    unknownCredential: 'This passkey is unknown, please register it again',
    userDisabled: 'This user has been banned',
    registered: 'Passkey registered',
    removed: 'Passkey removed',
    verified: 'Passkey verified',
    reset: 'Passkey reset',
    resetSameOrHigher: 'No permission to change the passkey of a user of the same or higher role',
    passkeyNeedsFlow: 'Passkey verification must use the passkey flow',
    twoFactorNotEnabled: 'Two-factor authentication is not enabled',
    codeRequired: 'Please enter the verification code',
    codeWrong: 'Verification failed, please check the code',
    verifySucceeded: 'Verified',
    keyRevealed: 'Done',
    SECURITY_PROOF_REQUIRED: 'Security verification is required',
    SECURITY_PROOF_EXPIRED: 'The security verification has expired',
    SECURITY_PROOF_SCOPE_MISMATCH: 'The security verification does not cover this action',
    SECURITY_PROOF_METHOD_MISMATCH: 'This action needs another verification method',
    SECURITY_PROOF_INVALID: 'The security verification is not valid',
  },
};

const zh: typeof en = {
  title: 'Passkey',
  hint: '使用指纹、面容或设备 PIN 登录，无需密码。',
  registered: '已注册',
  none: '未注册',
  lastUsed: '上次使用：{{time}}',
  neverUsed: '尚未使用',
  register: '注册 Passkey',
  replace: '重新注册 Passkey',
  remove: '解绑 Passkey',
  removeConfirm: '确定要解绑此账户的 Passkey 吗？',
  registeredDone: 'Passkey 注册成功',
  removedDone: 'Passkey 已解绑',
  unsupported: '当前浏览器不支持 Passkey',
  cancelled: 'Passkey 操作已取消',
  login: '使用 Passkey 登录',
  adminReset: '重置 Passkey',
  adminResetConfirm: '确定要移除该用户的 Passkey 并让其在所有设备上退出登录吗？',
  adminResetDone: 'Passkey 已重置',
  verifyTitle: '安全验证',
  verifyHint: '继续之前，请确认是您本人操作。',
  method2fa: '验证器验证码',
  methodPasskey: 'Passkey',
  codePlaceholder: '6 位验证码或备用码',
  verify: '验证',
  verifyWithPasskey: '使用 Passkey 验证',
  needFactor: '您需要先启用两步验证或 Passkey 才能执行此操作',
  revealKey: '查看密钥',
  keyTitle: '渠道密钥',
  copied: '已复制',
  verification: { required: '必须', preferred: '推荐', discouraged: '不要求' },
  attachment: { any: '不限', platform: '本设备（平台认证器）', 'cross-platform': '安全密钥（跨平台）' },
  server: {
    ...Object.fromEntries(Object.entries(passkeyMessages).map(([key, value]) => [key, value])),
    ...securityProofFailures,
  } as typeof en.server,
};

/** The passkey and verification strings. */
export const passkeyI18n = { en, zh };

/** A server message's key under `passkey.server`. */
export type PasskeyServerKey = keyof typeof en.server;

const messageKeys = new Map<string, PasskeyServerKey>([
  ...Object.entries(passkeyMessages).map(([key, value]) => [value, key as PasskeyServerKey] as const),
  ...Object.entries(securityProofFailures).map(([key, value]) => [value, key as PasskeyServerKey] as const),
]);

/** The key of a server message of these routes (its text is new-api's Chinese), or null for any other message. */
export function passkeyServerMessageKey(message: string): PasskeyServerKey | null {
  return messageKeys.get(message) ?? null;
}
