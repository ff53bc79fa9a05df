import { describe, expect, it } from 'vitest';
import { providerDescriptors } from './provider-registry';
import { providers } from './providers';

describe('provider registry', () => {
  it('lists one Provider per console-safe descriptor, the same objects in the same order', () => {
    expect(providers.map((provider) => provider.descriptor)).toEqual(providerDescriptors);
    providers.forEach((provider, index) => expect(provider.descriptor, `type ${provider.descriptor.type}`).toBe(providerDescriptors[index]));
  });

  it('gives a balance reader exactly to the types whose descriptor says balanceSupported', () => {
    const withReader = providers.filter((provider) => provider.balanceReader !== undefined).map((provider) => provider.descriptor.type);
    expect(withReader).toEqual(providerDescriptors.filter((descriptor) => descriptor.balanceSupported).map((descriptor) => descriptor.type));
  });

  it('gives task types neither an adaptor nor conformance samples, and every other type both', () => {
    for (const provider of providers) {
      expect(provider.adaptor !== undefined, `type ${provider.descriptor.type} adaptor`).toBe(!provider.descriptor.task);
      expect(provider.conformance !== undefined, `type ${provider.descriptor.type} conformance`).toBe(!provider.descriptor.task);
    }
  });
});
