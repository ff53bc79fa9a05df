// Where a video request goes: the channel, its access token when its provider exchanges the key first (Vertex), and
// the time for signed tokens (Kling's JWT).
import { findProviderAdaptor, type VideoTarget } from '@turnpike/providers';
import type { CredentialCache } from '../relay/credential-cache';
import type { ChannelRoute } from '../relay/routing-table';

/** The video target of a channel now. */
export async function videoTarget(credentials: CredentialCache, channel: ChannelRoute): Promise<VideoTarget> {
  const exchange = findProviderAdaptor(channel.type)?.credentials;
  const accessToken = exchange ? await credentials.tokenFor(exchange, channel) : undefined;
  return { channel, accessToken, nowSeconds: Math.floor(Date.now() / 1000) };
}
