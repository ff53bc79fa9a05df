// The relay's pure logic: channel selection, model mapping, billing math, and the ports it needs.
export * from './random-source';
export * from './channel-selection';
export * from './model-mapping';
export * from './exact-decimal';
export * from './billing-price-lookup';
export * from './billing';
export * from './ports';
