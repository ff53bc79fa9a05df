// The console API contract shared by the server and the console: enums, option keys and defaults, input schemas and problem codes.
export * from './enums';
export * from './options';
export * from './option-defaults';
export * from './envelope';
export * from './usage';
export * from './problems';
export * from './input-fields';
export * from './model-mapping';
export * from './ip-allow-list';
export * from './channel-schema';
export * from './channel-settings';
export * from './channel-view';
export * from './token-schema';
export * from './redemption-schema';
export * from './user-schema';
export * from '@turnpike/providers/descriptors';
