import { describe, expect, it } from 'vitest';
import { addDomain, domainListCodec, isHttpUrl, isValidDomain, oauthCallbackUrl, readOidcEndpoints, withoutTrailingSlashes, epayNotifyUrl } from './system-rules';

describe('email domain whitelist', () => {
  it('accepts plain domains only', () => {
    expect(isValidDomain('example.com')).toBe(true);
    expect(isValidDomain('mail.example.co.uk')).toBe(true);
    expect(isValidDomain('example')).toBe(false);
    expect(isValidDomain('http://example.com')).toBe(false);
    expect(isValidDomain('-bad.com')).toBe(false);
  });
  it('adds a new domain and refuses duplicates and bad input', () => {
    expect(addDomain(['gmail.com'], ' QQ.com ')).toEqual(['gmail.com', 'qq.com']);
    expect(addDomain(['gmail.com'], 'Gmail.com')).toBe('duplicate');
    expect(addDomain(['gmail.com'], 'not a domain')).toBe('invalid');
  });
  it('stores the list as a comma list', () => {
    expect(domainListCodec.toForm('a.com, b.com,,')).toEqual(['a.com', 'b.com']);
    expect(domainListCodec.toText(['a.com', 'b.com'])).toBe('a.com,b.com');
  });
});

describe('addresses', () => {
  it('removes trailing slashes from the listed keys only', () => {
    const trim = withoutTrailingSlashes(['ServerAddress']);
    expect(trim([{ key: 'ServerAddress', value: 'https://a.com//' }, { key: 'Other', value: 'x/' }])).toEqual([
      { key: 'ServerAddress', value: 'https://a.com' },
      { key: 'Other', value: 'x/' },
    ]);
  });
  it('checks the OIDC well-known scheme and builds callback URLs', () => {
    expect(isHttpUrl('https://id.example.com/.well-known/openid-configuration')).toBe(true);
    expect(isHttpUrl('ftp://x')).toBe(false);
    expect(oauthCallbackUrl('https://gate.example.com/', 'github')).toBe('https://gate.example.com/oauth/github');
    expect(oauthCallbackUrl('', 'github')).toBeNull();
  });
  it('reads the three endpoints of a discovery document', () => {
    expect(readOidcEndpoints({ authorization_endpoint: 'https://a/auth', token_endpoint: 'https://a/token', userinfo_endpoint: 'https://a/me' })).toEqual({
      authorization: 'https://a/auth',
      token: 'https://a/token',
      userInfo: 'https://a/me',
    });
    expect(readOidcEndpoints({ issuer: 'x' })).toBeNull();
    expect(readOidcEndpoints('nope')).toBeNull();
  });
});

describe('epay notify address', () => {
  it('uses the custom callback address first, then the server address, without trailing slashes', () => {
    expect(epayNotifyUrl('https://cb.example.com/', 'https://site.example.com')).toBe('https://cb.example.com/api/user/epay/notify');
    expect(epayNotifyUrl('', 'https://site.example.com//')).toBe('https://site.example.com/api/user/epay/notify');
    expect(epayNotifyUrl(' ', '')).toBeNull();
  });
});
