// The three coding-agent CLIs as the agent suite runs them: non-interactively, offline against a local base URL, with
// telemetry and update checks off, each in its own home directory; and how each reports its answer and token usage.
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const binDirectory = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../node_modules/.bin');

/** Where and as whom an agent runs. */
export interface AgentTarget {
  /** Turnpike's base URL, e.g. `http://127.0.0.1:41234`. */
  base: string;
  /** A Turnpike API key (`sk-…`). */
  key: string;
  model: string;
  /** Codex only: `model_reasoning_effort`. */
  reasoningEffort?: string;
}

/** What an agent printed, and the usage it says it was told. */
export interface AgentRun {
  exitCode: number | null;
  /** The agent's final answer text. */
  answer: string;
  stdout: string;
  stderr: string;
  /** Input and output tokens summed over the agent's model calls, as the agent reports them. */
  reported: { input: number; output: number };
}

/** One agent CLI. */
export interface AgentCli {
  name: string;
  run(target: AgentTarget): Promise<AgentRun>;
}

const prompt = 'Run the shell command that prints the agent loop marker, then tell me exactly what it printed.';

function execute(binary: string, args: string[], environment: Record<string, string>, cwd: string): Promise<{ exitCode: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    // Only PATH from the parent: no real provider key or proxy setting can leak into the agent.
    const child = spawn(path.join(binDirectory, binary), args, { cwd, env: { PATH: process.env.PATH ?? '', LANG: 'C.UTF-8', NO_COLOR: '1', ...environment }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (exitCode) => resolve({ exitCode, stdout, stderr }));
  });
}

async function workspace(name: string): Promise<{ home: string; cwd: string }> {
  const root = await mkdtemp(path.join(tmpdir(), `turnpike-${name}-`));
  const home = path.join(root, 'home');
  const cwd = path.join(root, 'project');
  await mkdir(home, { recursive: true });
  await mkdir(cwd, { recursive: true });
  return { home, cwd };
}

const numberOf = (value: unknown): number => (typeof value === 'number' ? value : 0);

/** Claude Code: `claude -p`, Anthropic format, ANTHROPIC_BASE_URL and ANTHROPIC_API_KEY. */
export const claudeCode: AgentCli = {
  name: 'Claude Code',
  async run(target) {
    const { home, cwd } = await workspace('claude');
    const result = await execute('claude', ['-p', prompt, '--model', target.model, '--output-format', 'json', '--allowedTools', 'Bash', '--max-turns', '4'], {
      HOME: home,
      ANTHROPIC_BASE_URL: target.base,
      ANTHROPIC_API_KEY: target.key,
      // Side calls (titles, summaries) go to the same model instead of a Haiku the channel may not have.
      ANTHROPIC_DEFAULT_HAIKU_MODEL: target.model,
      ANTHROPIC_SMALL_FAST_MODEL: target.model,
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
      DISABLE_AUTOUPDATER: '1',
      DISABLE_TELEMETRY: '1',
      DISABLE_ERROR_REPORTING: '1',
    }, cwd);
    const parsed = safeJson(result.stdout) as { result?: string; modelUsage?: Record<string, { inputTokens?: number; outputTokens?: number; cacheReadInputTokens?: number; cacheCreationInputTokens?: number }> };
    const models = Object.values(parsed.modelUsage ?? {});
    const input = models.reduce((sum, usage) => sum + numberOf(usage.inputTokens) + numberOf(usage.cacheReadInputTokens) + numberOf(usage.cacheCreationInputTokens), 0);
    const output = models.reduce((sum, usage) => sum + numberOf(usage.outputTokens), 0);
    return { ...result, answer: parsed.result ?? '', reported: { input, output } };
  },
};

/** Codex: `codex exec`, Responses format, a model provider in CODEX_HOME/config.toml with its key in an environment variable. */
export const codex: AgentCli = {
  name: 'Codex',
  async run(target) {
    const { home, cwd } = await workspace('codex');
    const codexHome = path.join(home, '.codex');
    await mkdir(codexHome, { recursive: true });
    const lines = [
      `model = "${target.model}"`,
      'model_provider = "turnpike"',
      ...(target.reasoningEffort ? [`model_reasoning_effort = "${target.reasoningEffort}"`] : []),
      '',
      '[model_providers.turnpike]',
      'name = "Turnpike"',
      `base_url = "${target.base}/v1"`,
      'env_key = "TURNPIKE_API_KEY"',
      'wire_api = "responses"',
      'request_max_retries = 0',
      'stream_max_retries = 0',
      '',
      '[analytics]',
      'enabled = false',
    ];
    await writeFile(path.join(codexHome, 'config.toml'), `${lines.join('\n')}\n`);
    const result = await execute('codex', ['exec', '--skip-git-repo-check', '--json', '--dangerously-bypass-approvals-and-sandbox', prompt], { HOME: home, CODEX_HOME: codexHome, TURNPIKE_API_KEY: target.key }, cwd);
    let answer = '';
    const reported = { input: 0, output: 0 };
    for (const line of result.stdout.split('\n')) {
      const event = safeJson(line) as { type?: string; item?: { type?: string; text?: string }; usage?: { input_tokens?: number; output_tokens?: number } };
      if (event.type === 'item.completed' && event.item?.type === 'agent_message') answer += event.item.text ?? '';
      if (event.type === 'turn.completed') {
        reported.input += numberOf(event.usage?.input_tokens);
        reported.output += numberOf(event.usage?.output_tokens);
      }
    }
    return { ...result, answer, reported };
  },
};

/** Gemini CLI: `gemini -p`, Gemini format, GEMINI_API_KEY and GOOGLE_GEMINI_BASE_URL; statistics and updates off in settings.json. */
export const geminiCli: AgentCli = {
  name: 'Gemini CLI',
  async run(target) {
    const { home, cwd } = await workspace('gemini');
    const settings = {
      privacy: { usageStatisticsEnabled: false },
      telemetry: { enabled: false },
      general: { disableAutoUpdate: true, disableUpdateNag: true },
      security: { auth: { selectedType: 'gemini-api-key' } },
      tools: { shell: { enableInteractiveShell: false } },
    };
    await mkdir(path.join(home, '.gemini'), { recursive: true });
    await writeFile(path.join(home, '.gemini', 'settings.json'), JSON.stringify(settings));
    const result = await execute('gemini', ['-p', prompt, '-m', target.model, '--yolo', '--output-format', 'json'], {
      HOME: home,
      GEMINI_API_KEY: target.key,
      GOOGLE_GEMINI_BASE_URL: target.base,
      GEMINI_CLI_TRUST_WORKSPACE: 'true',
      GEMINI_CLI_NO_RELAUNCH: '1',
    }, cwd);
    const parsed = safeJson(result.stdout) as { response?: string; stats?: { models?: Record<string, { tokens?: { prompt?: number; candidates?: number; thoughts?: number } }> } };
    const models = Object.values(parsed.stats?.models ?? {});
    const input = models.reduce((sum, model) => sum + numberOf(model.tokens?.prompt), 0);
    const output = models.reduce((sum, model) => sum + numberOf(model.tokens?.candidates) + numberOf(model.tokens?.thoughts), 0);
    return { ...result, answer: parsed.response ?? '', reported: { input, output } };
  },
};

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return {};
  }
}
