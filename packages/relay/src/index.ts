// The relay's pure logic: channel selection, model mapping, price lookup and billing math.
export * from './random-source';
export * from './channel-selection';
export * from './model-mapping';
export * from './exact-decimal';
export * from './billing-price-lookup';
export * from './billing-usage';
export * from './usage-bounds';
export * from './billing-units';
export * from './billing';
export * from './billing-reserve';
export * from './model-catalog';
export * from './model-capabilities';
export * from './word-automaton';
export * from './sensitive-text-filter';
