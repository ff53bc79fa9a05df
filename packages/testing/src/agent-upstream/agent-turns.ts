// How a scripted model plays a coding agent's two-turn tool loop in each wire format: it finds the agent's shell tool
// among the declared ones, calls it with one command, and, once the command's output comes back, answers with it.
import type { MockToolCallReply } from '../mock-behaviour';
import { isObject, type JsonObject } from '../mock-json';
import { openAiOutputText } from './strict-openai-rules';
import { objectsOf } from './strict-rule';

/** The four upstream wire formats the strict mock speaks. */
export type AgentWire = 'openai-chat' | 'openai-responses' | 'anthropic' | 'gemini';

/** The command the scripted model asks the agent to run, and what it prints (not a substring of the command). */
export const agentCommand = { command: "printf 'agent-loop-%s\\n' 42", output: 'agent-loop-42' } as const;

/** A declared tool: its name and parameter schema. */
interface DeclaredTool {
  name: string;
  schema: JsonObject;
}

/** The shell tools of Claude Code (`Bash`), Codex (`exec_command`, `shell`, `shell_command`) and Gemini CLI (`run_shell_command`). */
const shellToolNames = ['Bash', 'exec_command', 'shell_command', 'shell', 'run_shell_command'];

function declaredTools(wire: AgentWire, body: JsonObject): DeclaredTool[] {
  const tools = objectsOf(body.tools);
  const schemaOf = (value: unknown): JsonObject => (isObject(value) ? value : {});
  switch (wire) {
    case 'openai-chat':
      return tools.flatMap((tool) => (isObject(tool.function) && typeof tool.function.name === 'string' ? [{ name: tool.function.name, schema: schemaOf(tool.function.parameters) }] : []));
    case 'openai-responses':
      return tools.flatMap((tool) => (tool.type === 'function' && typeof tool.name === 'string' ? [{ name: tool.name, schema: schemaOf(tool.parameters) }] : []));
    case 'anthropic':
      return tools.flatMap((tool) => (typeof tool.name === 'string' ? [{ name: tool.name, schema: schemaOf(tool.input_schema) }] : []));
    case 'gemini':
      return tools
        .flatMap((tool) => objectsOf(tool.functionDeclarations ?? tool.function_declarations))
        .flatMap((declaration) => (typeof declaration.name === 'string' ? [{ name: declaration.name, schema: schemaOf(declaration.parameters ?? declaration.parametersJsonSchema) }] : []));
  }
}

/** The arguments that run `command` with `tool`: `{cmd}`, `{command: [argv]}` or `{command}` by its schema. */
function shellArguments(tool: DeclaredTool, command: string): Record<string, unknown> {
  const properties = isObject(tool.schema.properties) ? tool.schema.properties : {};
  if ('cmd' in properties) return { cmd: command };
  const commandSchema = properties.command;
  if (isObject(commandSchema) && String(commandSchema.type).toLowerCase() === 'array') return { command: ['bash', '-lc', command] };
  return { command };
}

/** The text of the tool output the body ends with, or undefined when its last turn is no tool output. */
export function trailingToolOutput(wire: AgentWire, body: JsonObject): string | undefined {
  switch (wire) {
    case 'openai-chat': {
      const last = objectsOf(body.messages).at(-1);
      return last?.role === 'tool' ? openAiOutputText(last.content) : undefined;
    }
    case 'openai-responses': {
      const last = objectsOf(body.input).at(-1);
      return last?.type === 'function_call_output' ? openAiOutputText(last.output) : undefined;
    }
    case 'anthropic': {
      const last = objectsOf(body.messages).at(-1);
      const results = objectsOf(last?.content).filter((block) => block.type === 'tool_result');
      return results.length > 0 ? results.map((block) => openAiOutputText(block.content)).join('\n') : undefined;
    }
    case 'gemini': {
      const last = objectsOf(body.contents).at(-1);
      const results = objectsOf(last?.parts).filter((part) => isObject(part.functionResponse));
      return results.length > 0 ? results.map((part) => JSON.stringify((part.functionResponse as JsonObject).response)).join('\n') : undefined;
    }
  }
}

/** What the scripted model does with one request. */
export type AgentMove = { kind: 'call'; call: MockToolCallReply } | { kind: 'answer'; pieces: string[] } | { kind: 'chat' };

/** The scripted move: answer with a finished tool's output, call the shell tool when one is declared, else just chat. */
export function agentMove(wire: AgentWire, body: JsonObject): AgentMove {
  const output = trailingToolOutput(wire, body);
  if (output !== undefined) return { kind: 'answer', pieces: ['The command printed: ', output] };
  const shell = declaredTools(wire, body).find((tool) => shellToolNames.includes(tool.name));
  if (shell) return { kind: 'call', call: { name: shell.name, arguments: shellArguments(shell, agentCommand.command) } };
  return { kind: 'chat' };
}

/** The wire of a mock path, or undefined for paths the strict mock does not check. */
export function wireOfPath(path: string): AgentWire | undefined {
  if (path === '/v1/chat/completions') return 'openai-chat';
  if (path === '/v1/responses') return 'openai-responses';
  if (path === '/v1/messages') return 'anthropic';
  if (/^\/v1beta\/models\/[^/:]+:(?:stream)?[gG]enerateContent$/.test(path)) return 'gemini';
  return undefined;
}

/** The model a Gemini path names (`/v1beta/models/gemini-2.5-flash:generateContent` → `gemini-2.5-flash`). */
export function geminiModelOfPath(path: string): string {
  return decodeURIComponent(path.slice('/v1beta/models/'.length).split(':')[0] ?? '');
}
