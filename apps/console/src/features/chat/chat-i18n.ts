// Strings of the chat pages (/chat/{id}, /chat2link), in English and Chinese with identical shapes.

const en = {
  frameTitle: 'Chat',
  loading: 'Loading, please wait…',
  redirecting: 'Redirecting…',
  parseFailed: 'Failed to parse the chat data',
  notConfigured: 'Please ask the administrator to configure chat links',
  noEnabledToken: 'No enabled token: please create or enable a token first.',
  goToTokens: 'Go to API tokens',
};

const zh: typeof en = {
  frameTitle: '聊天',
  loading: '正在加载，请稍候…',
  redirecting: '正在跳转…',
  parseFailed: '加载聊天数据失败',
  notConfigured: '请联系管理员配置聊天链接',
  noEnabledToken: '无可用令牌，请先创建或启用令牌。',
  goToTokens: '前往令牌管理',
};

/** The chat page strings. */
export const chatI18n = { en, zh };
