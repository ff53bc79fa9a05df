// Sign-in emulations for the third-party login tests (kept out of the main entry: they load oidc-provider).
export * from './code-grant-emulation';
export * from './oidc-test-provider';
export * from './telegram-widget';
export * from './wechat-server-emulation';
