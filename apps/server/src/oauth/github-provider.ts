// GitHub OAuth app: code → access token (JSON) → GET /user; the numeric id is the binding. No redirect_uri is sent:
// the authorize request has none either, so GitHub uses the app's registered callback (as new-api does).
import { OutboundError, requestJson, textField } from './outbound-json';
import { ProviderError, providerMessages, type CodeExchange, type ExternalAccount, type OAuthProvider } from './identity-source';

async function exchange(input: CodeExchange): Promise<ExternalAccount> {
  const name = githubProvider.name;
  try {
    const token = await requestJson({
      method: 'POST',
      url: input.endpoints.github.token,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_id: input.options.string('GitHubClientId'), client_secret: input.options.string('GitHubClientSecret'), code: input.code }),
    });
    const accessToken = textField(token.body, 'access_token');
    if (!accessToken) throw new ProviderError(providerMessages.tokenFailed(name));
    const user = await requestJson({ method: 'GET', url: input.endpoints.github.user, headers: { authorization: `Bearer ${accessToken}` } });
    const id = textField(user.body, 'id');
    const login = textField(user.body, 'login');
    if (user.status !== 200 || !id || id === '0' || !login) throw new ProviderError(providerMessages.userInfoEmpty(name));
    return { id, username: login, displayName: textField(user.body, 'name') || login };
  } catch (error) {
    if (error instanceof OutboundError) throw new ProviderError(providerMessages.connectFailed(name));
    throw error;
  }
}

/** The GitHub provider (GitHubOAuthEnabled, GitHubClientId, GitHubClientSecret). */
export const githubProvider: OAuthProvider = {
  id: 'github',
  name: 'GitHub',
  column: 'github_id',
  usernamePrefix: 'github_',
  enabledOption: 'GitHubOAuthEnabled',
  exchange,
};
