// OpenAI `/v1/images/generations` served through Gemini's image-output models (`generateContent` with the IMAGE
// response modality): the prompt goes up as one user turn, each inline image part comes back as a `b64_json` item,
// and Gemini's token counts become the images usage (billed like gpt-image-1's). Only the models an operator lists in
// `gemini.supported_imagine_models` take this path; any other Gemini model cannot serve it (a 400 for the caller).
// @see https://ai.google.dev/gemini-api/docs/image-generation
// @see https://platform.openai.com/docs/api-reference/images/create
import type { EndpointTranslation } from '../provider-adaptor';
import { UnservableRequestError } from './gemini-embeddings';

/** The OpenAI path this translation serves. */
export const imageGenerationsPath = '/v1/images/generations';

/** The most candidates one call asks for (`n`). */
const maxImages = 4;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const count = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.trunc(value) : 0);

/** The base64 data of every image part of every candidate. */
export function geminiImageParts(answer: unknown): string[] {
  const images: string[] = [];
  for (const candidate of list(isRecord(answer) ? answer.candidates : undefined)) {
    const content = isRecord(candidate) ? candidate.content : undefined;
    for (const part of list(isRecord(content) ? content.parts : undefined)) {
      const inline = isRecord(part) ? (part.inlineData ?? part.inline_data) : undefined;
      if (!isRecord(inline) || typeof inline.data !== 'string') continue;
      const mime = inline.mimeType ?? inline.mime_type;
      if (typeof mime === 'string' && mime.startsWith('image/')) images.push(inline.data);
    }
  }
  return images;
}

/** Gemini image generation behind the OpenAI images API. */
export const geminiImagesTranslation: EndpointTranslation = {
  modelsOption: 'gemini.supported_imagine_models',
  encodeRequest(body) {
    const prompt = body.prompt;
    if (typeof prompt !== 'string' || prompt.trim() === '') throw new UnservableRequestError('`prompt` must be a non-empty string');
    const n = Math.min(maxImages, Math.max(1, count(body.n)));
    return {
      contents: [{ role: 'user', parts: [{ text: prompt }] }],
      generationConfig: { responseModalities: ['TEXT', 'IMAGE'], ...(n > 1 ? { candidateCount: n } : {}) },
    };
  },
  decodeAnswer(answer, context) {
    const images = geminiImageParts(answer);
    // An answer without an image (the model declined, or answered in text only) is not an image answer: it fails.
    if (images.length === 0) throw new Error('the Gemini answer holds no image');
    const metadata = isRecord(answer) && isRecord(answer.usageMetadata) ? answer.usageMetadata : {};
    const input = count(metadata.promptTokenCount);
    const output = count(metadata.candidatesTokenCount);
    const reported = input + output > 0;
    const inputTokens = reported ? input : context.promptTokens;
    return {
      answer: {
        created: Math.floor(Date.now() / 1000),
        data: images.map((b64) => ({ b64_json: b64 })),
        usage: { input_tokens: inputTokens, output_tokens: output, total_tokens: inputTokens + output, input_tokens_details: { text_tokens: inputTokens, image_tokens: 0 } },
      },
      usageReported: reported,
    };
  },
};
