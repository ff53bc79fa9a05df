// Strings of the sessions card (personal settings), in English and Chinese with identical shapes.

const en = {
  title: 'Signed-in devices',
  hint: 'Every browser where you are signed in. Ending a session signs that device out at once.',
  device: 'Device',
  ip: 'IP',
  lastActive: 'Last active',
  signedIn: 'Signed in',
  current: 'This device',
  revoke: 'Sign out',
  revoked: 'The device has been signed out',
  revokeOthers: 'Sign out other devices',
  revokedOthers: 'Signed out {{count}} other device(s)',
  logoutEverywhere: 'Log out everywhere',
  logoutEverywhereConfirm: 'Sign out every device, including this one?',
  unknownDevice: 'Unknown device',
  noSessions: 'No recorded sessions. Sign in again to manage your devices here.',
};

const zh: typeof en = {
  title: '已登录的设备',
  hint: '所有已登录您账户的浏览器。结束会话会立即让该设备退出登录。',
  device: '设备',
  ip: 'IP',
  lastActive: '最近活动',
  signedIn: '登录时间',
  current: '当前设备',
  revoke: '退出登录',
  revoked: '该设备已退出登录',
  revokeOthers: '退出其他设备',
  revokedOthers: '已退出 {{count}} 个其他设备',
  logoutEverywhere: '退出所有设备',
  logoutEverywhereConfirm: '确定要退出所有设备（包括当前设备）吗？',
  unknownDevice: '未知设备',
  noSessions: '暂无会话记录。重新登录后即可在此管理您的设备。',
};

/** The sessions card strings. */
export const sessionsI18n = { en, zh };
