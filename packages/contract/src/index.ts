// The console API contract shared by the server and the console: enums, option keys and defaults, schemas.
export * from './enums';
export * from './options';
export * from './option-defaults';
export * from './envelope';
export * from './usage';
export * from '@turnpike/providers/descriptors';
export * from './topup';
export * from './billing-breakdown';
export * from './billing-formula';
