// The replaceable outside-world addresses of third-party sign-in, one set per server (tests point them at emulations).
import type { AppContext } from '../context';
import { defaultOAuthEndpoints, type OAuthEndpoints } from './identity-source';

const endpointsByServer = new WeakMap<AppContext, OAuthEndpoints>();

/** The server's provider endpoints, the public ones until a test replaces them. */
export function oauthEndpointsFor(context: AppContext): OAuthEndpoints {
  let endpoints = endpointsByServer.get(context);
  if (!endpoints) {
    endpoints = structuredClone(defaultOAuthEndpoints);
    endpointsByServer.set(context, endpoints);
  }
  return endpoints;
}
