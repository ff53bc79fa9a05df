// Channel type 48, xAI: the one Provider value of the folder (descriptor, adaptor, readers, usage rule).
// xAI reports reasoning beside `completion_tokens` (total = prompt + completion + reasoning), so output adds it.
import { openAiCompatibleProvider } from '../openai-compatible/openai-compatible-provider';
import type { Provider } from '../provider';
import { xAiDescriptor } from './xai-descriptor';

/** Channel type 48, xAI. */
export const xAiProvider: Provider = openAiCompatibleProvider(xAiDescriptor, { usageReading: { reasoning: 'beside-output' } });
