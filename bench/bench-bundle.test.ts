import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { benchEntries, bundleBench } from './bench-bundle.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Inside the repository (under the ignored bench/dist), so the bundle's external packages resolve from node_modules.
mkdirSync(path.join(root, 'bench/dist'), { recursive: true });
const outdir = mkdtempSync(path.join(root, 'bench/dist/test-'));
afterAll(() => rmSync(outdir, { recursive: true, force: true }));

describe('the bench bundle', () => {
  it('bundles every entry, and the bundled mock upstream starts and answers a chat call', async () => {
    await bundleBench(root, outdir, benchEntries);
    const child = spawn(process.execPath, [path.join(outdir, 'mock-upstream-process.mjs'), '{}'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      const firstLine = await Promise.race([
        new Promise<string>((resolve) => createInterface({ input: child.stdout }).once('line', resolve)),
        exited.then((code) => `exited ${String(code)}: ${stderr}`),
      ]);
      const { url } = JSON.parse(firstLine) as { url: string };
      const answer = await fetch(`${url}/v1/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer bench' },
        body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] }),
      });
      expect(answer.status).toBe(200);
      const body = (await answer.json()) as { object: string; usage: { prompt_tokens: number } };
      expect(body.object).toBe('chat.completion');
      expect(body.usage.prompt_tokens).toBeGreaterThan(0);
    } finally {
      child.kill('SIGTERM');
      await exited;
    }
  }, 60_000);
});
