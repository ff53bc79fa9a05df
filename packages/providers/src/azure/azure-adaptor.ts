// Channel type 3, Azure OpenAI: deployment URLs, the `api-key` header and the api-version from `other`.
// @see https://learn.microsoft.com/azure/ai-services/openai/reference
import type { AdaptorInput, ProviderAdaptor, UpstreamCall } from '../provider-adaptor';
import { azureDescriptor } from './azure-descriptor';

/** Azure names deployments without dots by convention (gpt-3.5-turbo → gpt-35-turbo), as new-api does. */
export function azureDeploymentName(model: string): string {
  return model.replace(/\./g, '');
}

/** Builds `{base}/openai/deployments/{deployment}/{operation}?api-version={version}` requests. */
export const azureAdaptor: ProviderAdaptor = {
  buildRequest(input: AdaptorInput): UpstreamCall {
    const base = input.channel.baseUrl.replace(/\/+$/, '');
    const version = input.channel.other.trim() || azureDescriptor.otherField?.default || '2024-10-21';
    const operation = input.path.replace(/^\/v1\//, '');
    const url = `${base}/openai/deployments/${encodeURIComponent(azureDeploymentName(input.model))}/${operation}?api-version=${encodeURIComponent(version)}`;
    return {
      url,
      method: 'POST',
      headers: { 'api-key': input.channel.key, 'content-type': input.contentType, accept: input.stream ? 'text/event-stream' : 'application/json' },
      body: input.body,
    };
  },
};
