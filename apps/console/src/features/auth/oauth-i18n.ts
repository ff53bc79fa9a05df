// Strings of third-party sign-in (login/register buttons, the WeChat dialog, the OAuth callback page), en and zh.

const en = {
  orContinueWith: 'or continue with',
  continueWith: 'Continue with {{name}}',
  continueWithWechat: 'Continue with WeChat',
  wechatLoginTitle: 'Log in with WeChat',
  wechatHint: 'Scan the QR code to follow the official account and send "验证码" to get a code (valid for three minutes).',
  wechatCode: 'Verification code',
  wechatLogin: 'Log in',
  codeRequired: 'Please enter the verification code',
  processing: 'Processing the {{name}} sign-in…',
  failedRedirecting: 'Operation failed, redirecting to the login page…',
  bound: 'Bound successfully',
  loginSuccess: 'Logged in',
};

const zh: typeof en = {
  orContinueWith: '或使用以下方式继续',
  continueWith: '使用 {{name}} 继续',
  continueWithWechat: '使用微信继续',
  wechatLoginTitle: '微信登录',
  wechatHint: '扫描二维码关注公众号，发送「验证码」获取验证码（三分钟内有效）。',
  wechatCode: '验证码',
  wechatLogin: '登录',
  codeRequired: '请输入验证码',
  processing: '正在处理 {{name}} 登录…',
  failedRedirecting: '操作失败，正在重定向至登录界面…',
  bound: '绑定成功！',
  loginSuccess: '登录成功！',
};

/** The third-party sign-in strings. */
export const oauthI18n = { en, zh };
