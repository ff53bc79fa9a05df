// Gemini generateContent request <-> canonical request. The model and streaming come from the URL
// (the relay passes them as context). Unmapped fields travel in `passthrough`: top-level fields under
// their name, unmapped sub-fields of generationConfig and toolConfig under dotted names
// ("generationConfig.topK"), built-in tools under "tools"; they are replayed only when encoding to Gemini.
import {
  addRequestWarning,
  type CanonicalMessage,
  type CanonicalPart,
  type CanonicalRequest,
} from '../canonical-model';
import type { RequestContext } from '../format-contract';
import {
  decodeGeminiMedia,
  decodeGeminiModelParts,
  encodeGeminiMedia,
  encodeGeminiModelParts,
  isJsonObject,
  renderGeminiCodeExecution,
  syntheticGeminiCallIdPrefix,
  type WarningSink,
} from './gemini-content-codec';
import { decodeGeminiGenerationConfig, encodeGeminiGenerationConfig } from './gemini-generation-config';
import type { GeminiContent, GeminiPart, GeminiRequest } from './gemini-schema';
import { defaultModelCapabilities, type ModelCapabilities } from '../model-capabilities';
import {
  decodeGeminiFunctionDeclaration,
  decodeGeminiFunctionResponse,
  decodeGeminiToolChoice,
  encodeGeminiFunctionDeclaration,
  encodeGeminiFunctionResponse,
  encodeGeminiToolChoice,
} from './gemini-tool-codec';

/**
 * Gemini 3 rejects a step whose first functionCall has no signature; history from other models has
 * none, and this documented value tells the validator to skip it.
 * @see https://ai.google.dev/gemini-api/docs/thought-signatures
 */
export const geminiSkipSignatureValidator = 'skip_thought_signature_validator';

const mappedTopLevelFields = new Set(['model', 'contents', 'systemInstruction', 'tools', 'toolConfig', 'generationConfig']);

/** Remembers synthesised call ids so that functionResponses find their call by name, in call order. */
class CallIdLedger {
  private readonly pendingByName = new Map<string, string[]>();

  remember(name: string, id: string): void {
    const pending = this.pendingByName.get(name);
    if (pending) pending.push(id);
    else this.pendingByName.set(name, [id]);
  }

  resolve(name: string, explicitId: string | undefined, fallback: string): string {
    if (explicitId !== undefined) {
      for (const pending of this.pendingByName.values()) {
        const at = pending.indexOf(explicitId);
        if (at !== -1) pending.splice(at, 1);
      }
      return explicitId;
    }
    return this.pendingByName.get(name)?.shift() ?? fallback;
  }
}

function decodeUserContent(content: GeminiContent, turn: number, ledger: CallIdLedger, warn: WarningSink): CanonicalMessage[] {
  const messages: CanonicalMessage[] = [];
  const append = (role: 'user' | 'tool', part: CanonicalPart): void => {
    const last = messages.at(-1);
    if (last?.role === role) last.parts.push(part);
    else messages.push({ role, parts: [part] });
  };
  (content.parts ?? []).forEach((part, index) => {
    if (part.functionResponse) {
      const response = part.functionResponse;
      const id = ledger.resolve(response.name, response.id, `${syntheticGeminiCallIdPrefix}${turn}-${index}`);
      append('tool', decodeGeminiFunctionResponse(response.response, id));
      return;
    }
    const media = decodeGeminiMedia(part);
    const code = renderGeminiCodeExecution(part);
    if (part.text !== undefined) append('user', { type: 'text', text: part.text });
    else if (media) append('user', media);
    else if (code !== undefined) append('user', { type: 'text', text: code });
    else warn(`a user part with fields ${Object.keys(part).join(', ')} has no canonical meaning and was dropped`);
    if (part.videoMetadata !== undefined) warn('videoMetadata has no canonical equivalent and was dropped');
  });
  return messages;
}

function decodeContents(contents: readonly GeminiContent[], warn: WarningSink): CanonicalMessage[] {
  const ledger = new CallIdLedger();
  const messages: CanonicalMessage[] = [];
  contents.forEach((content, turn) => {
    if (content.role !== 'model') {
      messages.push(...decodeUserContent(content, turn, ledger, warn));
      return;
    }
    let index = 0;
    const parts = decodeGeminiModelParts(
      content.parts ?? [],
      (name) => {
        const id = `${syntheticGeminiCallIdPrefix}${turn}-${index++}`;
        ledger.remember(name, id);
        return id;
      },
      warn,
    );
    // Calls that came with their own id (converted answers give one) are found by name too: clients may answer them
    // with a functionResponse that has no id.
    for (const part of parts) if (part.type === 'tool-call' && !part.id.startsWith(syntheticGeminiCallIdPrefix)) ledger.remember(part.name, part.id);
    messages.push({ role: 'assistant', parts });
  });
  return messages;
}

function decodeSystemInstruction(content: GeminiContent | undefined, warn: WarningSink): CanonicalMessage[] {
  if (!content) return [];
  const parts: CanonicalPart[] = [];
  for (const part of content.parts ?? []) {
    if (part.text !== undefined) parts.push({ type: 'text', text: part.text });
    else warn('a non-text part of systemInstruction has no canonical equivalent and was dropped');
  }
  return parts.length > 0 ? [{ role: 'system', parts }] : [];
}

function stripModelPrefix(model: string): string {
  return model.startsWith('models/') ? model.slice('models/'.length) : model;
}

/** Decodes a validated Gemini request; `context` carries the model and streaming from the URL. */
export function decodeGeminiRequest(request: GeminiRequest, context: RequestContext = {}): CanonicalRequest {
  const warnings: string[] = [];
  const warn: WarningSink = (warning) => warnings.push(warning);
  const stream = context.stream === true;
  const result: CanonicalRequest = {
    model: context.model ?? stripModelPrefix(request.model ?? ''),
    messages: [...decodeSystemInstruction(request.systemInstruction, warn), ...decodeContents(request.contents, warn)],
    stream,
  };
  // Gemini reports usage on every stream, so a Gemini caller always expects it.
  if (stream) result.includeUsage = true;
  const fields: Record<string, unknown> = {};
  if (request.generationConfig) Object.assign(result, decodeGeminiGenerationConfig(request.generationConfig, fields));
  const functionTools = (request.tools ?? []).flatMap((tool) => tool.functionDeclarations ?? []);
  if (functionTools.length > 0) result.tools = functionTools.map(decodeGeminiFunctionDeclaration);
  const builtInTools = (request.tools ?? []).flatMap(({ functionDeclarations: _declarations, ...rest }) => (Object.keys(rest).length > 0 ? [rest] : []));
  if (builtInTools.length > 0) fields.tools = builtInTools;
  const { functionCallingConfig, ...toolConfigRest } = request.toolConfig ?? {};
  for (const [key, value] of Object.entries(toolConfigRest)) fields[`toolConfig.${key}`] = value;
  if (functionCallingConfig) {
    const decoded = decodeGeminiToolChoice(functionCallingConfig);
    if (decoded.choice !== undefined) result.toolChoice = decoded.choice;
    if (!decoded.exact) fields['toolConfig.functionCallingConfig'] = functionCallingConfig;
  }
  for (const [key, value] of Object.entries(request)) {
    if (!mappedTopLevelFields.has(key) && value !== undefined) fields[key] = value;
  }
  if (Object.keys(fields).length > 0) result.passthrough = { format: 'gemini', fields };
  if (warnings.length > 0) result.warnings = warnings;
  return result;
}

function encodeUserParts(parts: readonly CanonicalPart[], warn: WarningSink): GeminiPart[] {
  const result: GeminiPart[] = [];
  for (const part of parts) {
    if (part.type === 'text') result.push({ text: part.text });
    else if (part.type === 'image' || part.type === 'file') {
      const media = encodeGeminiMedia(part, warn);
      if (media) result.push(media);
    } else warn(`a ${part.type} part in a user turn cannot be expressed in Gemini and was dropped`);
  }
  return result;
}

/** Finds each call's name by id, since a Gemini functionResponse must name its function. */
function indexCallNames(messages: readonly CanonicalMessage[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const message of messages) {
    for (const part of message.parts) if (part.type === 'tool-call') names.set(part.id, part.name);
  }
  return names;
}

function encodeToolResults(message: CanonicalMessage, callNames: Map<string, string>, warn: WarningSink): GeminiPart[] {
  const result: GeminiPart[] = [];
  for (const part of message.parts) {
    if (part.type !== 'tool-result') {
      warn(`a ${part.type} part in a tool turn cannot be expressed in Gemini and was dropped`);
      continue;
    }
    let name = callNames.get(part.toolCallId);
    if (name === undefined) {
      warn(`tool result "${part.toolCallId}" answers no known call; its id was used as the function name`);
      name = part.toolCallId;
    }
    const functionResponse: NonNullable<GeminiPart['functionResponse']> = { name, response: encodeGeminiFunctionResponse(part) };
    if (!part.toolCallId.startsWith(syntheticGeminiCallIdPrefix) && callNames.has(part.toolCallId)) functionResponse.id = part.toolCallId;
    result.push({ functionResponse });
  }
  return result;
}

function encodeContents(request: CanonicalRequest, warn: WarningSink): { system: GeminiPart[]; contents: GeminiContent[] } {
  const system: GeminiPart[] = [];
  const contents: GeminiContent[] = [];
  const callNames = indexCallNames(request.messages);
  let previousToolTurn: GeminiContent | undefined;
  request.messages.forEach((message, position) => {
    if (message.name !== undefined) warn(`message name "${message.name}" has no Gemini equivalent and was dropped`);
    if (message.role === 'system') {
      if (contents.length > 0) warn(`system message ${position} was moved into systemInstruction, ahead of the conversation`);
      for (const part of message.parts) {
        if (part.type === 'text') system.push({ text: part.text });
        else warn(`a ${part.type} part of a system message cannot be expressed in Gemini and was dropped`);
      }
      return;
    }
    if (message.role === 'tool') {
      const parts = encodeToolResults(message, callNames, warn);
      // Results of parallel calls belong in one turn, as the API expects them.
      if (previousToolTurn) previousToolTurn.parts?.push(...parts);
      else if (parts.length > 0) {
        previousToolTurn = { role: 'user', parts };
        contents.push(previousToolTurn);
      }
      return;
    }
    previousToolTurn = undefined;
    const parts = message.role === 'user' ? encodeUserParts(message.parts, warn) : encodeModelHistory(message.parts, warn);
    if (parts.length === 0) {
      warn(`${message.role} message ${position} had nothing Gemini can express and was dropped`);
      return;
    }
    contents.push({ role: message.role === 'user' ? 'user' : 'model', parts });
  });
  return { system, contents };
}

function encodeModelHistory(parts: readonly CanonicalPart[], warn: WarningSink): GeminiPart[] {
  const encoded = encodeGeminiModelParts(parts, warn, { sendSyntheticIds: false });
  const firstCall = encoded.find((part) => part.functionCall !== undefined);
  if (firstCall && firstCall.thoughtSignature === undefined) firstCall.thoughtSignature = geminiSkipSignatureValidator;
  return encoded;
}

function nestedPassthrough(fields: Record<string, unknown>, prefix: string): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) if (key.startsWith(prefix)) result[key.slice(prefix.length)] = value;
  return result;
}

/** Encodes a canonical request as a Gemini body; what Gemini cannot express is appended to `request.warnings`. */
export function encodeGeminiRequest(request: CanonicalRequest, capabilities: ModelCapabilities = defaultModelCapabilities): GeminiRequest {
  const warn: WarningSink = (warning) => addRequestWarning(request, warning);
  const fields = request.passthrough?.format === 'gemini' ? request.passthrough.fields : {};
  const topLevel = Object.fromEntries(Object.entries(fields).filter(([key]) => !key.includes('.') && key !== 'tools'));
  const { system, contents } = encodeContents(request, warn);
  const result: GeminiRequest = { ...topLevel, contents };
  if (system.length > 0) result.systemInstruction = { parts: system };
  const generationConfig = { ...nestedPassthrough(fields, 'generationConfig.'), ...encodeGeminiGenerationConfig(request, warn, capabilities) };
  if (Object.keys(generationConfig).length > 0) result.generationConfig = generationConfig;
  const builtInTools = Array.isArray(fields.tools) ? fields.tools.filter(isJsonObject) : [];
  const declarations = (request.tools ?? []).map((tool) => {
    if (tool.strict === true) warn(`strict mode of tool "${tool.name}" has no Gemini equivalent and was ignored`);
    return encodeGeminiFunctionDeclaration(tool);
  });
  const tools = [...(declarations.length > 0 ? [{ functionDeclarations: declarations }] : []), ...builtInTools];
  if (tools.length > 0) result.tools = tools;
  const toolConfig: Record<string, unknown> = nestedPassthrough(fields, 'toolConfig.');
  if (toolConfig.functionCallingConfig === undefined && request.toolChoice !== undefined) toolConfig.functionCallingConfig = encodeGeminiToolChoice(request.toolChoice);
  if (Object.keys(toolConfig).length > 0) result.toolConfig = toolConfig;
  if (request.parallelToolCalls === false) warn('parallel_tool_calls=false has no Gemini equivalent and was ignored');
  if (request.user !== undefined) warn('the end-user id has no Gemini equivalent and was dropped');
  return result;
}
