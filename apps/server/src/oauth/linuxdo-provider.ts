// Linux DO Connect: code → token (HTTP Basic client credentials, form body) → GET /api/user; trust level may gate sign-in.
import { OutboundError, requestJson, textField } from './outbound-json';
import { ProviderError, providerMessages, type CodeExchange, type ExternalAccount, type OAuthProvider } from './identity-source';

async function exchange(input: CodeExchange): Promise<ExternalAccount> {
  const name = linuxdoProvider.name;
  const credentials = Buffer.from(`${input.options.string('LinuxDOClientId')}:${input.options.string('LinuxDOClientSecret')}`).toString('base64');
  try {
    const token = await requestJson({
      method: 'POST',
      url: input.endpoints.linuxdo.token,
      headers: { authorization: `Basic ${credentials}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'authorization_code', code: input.code, redirect_uri: input.redirectUri }).toString(),
    });
    const accessToken = textField(token.body, 'access_token');
    if (!accessToken) throw new ProviderError(providerMessages.tokenFailed(name));
    const user = await requestJson({ method: 'GET', url: input.endpoints.linuxdo.user, headers: { authorization: `Bearer ${accessToken}` } });
    const id = textField(user.body, 'id');
    if (user.status !== 200 || !id || id === '0') throw new ProviderError(providerMessages.userInfoEmpty(name));
    const trustLevel = Number(textField(user.body, 'trust_level') || 0);
    if (trustLevel < input.options.number('LinuxDOMinimumTrustLevel')) throw new ProviderError(providerMessages.trustLevelLow);
    const username = textField(user.body, 'username');
    return { id, username, displayName: textField(user.body, 'name') || username };
  } catch (error) {
    if (error instanceof OutboundError) throw new ProviderError(providerMessages.connectFailed(name));
    throw error;
  }
}

/** The Linux DO provider (LinuxDOOAuthEnabled, LinuxDOClientId, LinuxDOClientSecret, LinuxDOMinimumTrustLevel). */
export const linuxdoProvider: OAuthProvider = {
  id: 'linuxdo',
  name: 'Linux DO',
  column: 'linux_do_id',
  usernamePrefix: 'linuxdo_',
  enabledOption: 'LinuxDOOAuthEnabled',
  exchange,
};
