import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { serverNodeFlags } from './runtime-flags';

const root = new URL('../../../', import.meta.url);
const command = ['node', ...serverNodeFlags, 'apps/server/dist/main.js'];

describe('the flags Turnpike runs with', () => {
  it('are the ones npm start uses', () => {
    const manifest = JSON.parse(fs.readFileSync(new URL('package.json', root), 'utf8')) as { scripts: Record<string, string> };
    expect(manifest.scripts.start).toContain(`&& ${command.join(' ')}`);
  });

  it('are the ones the Dockerfile runs', () => {
    const dockerfile = fs.readFileSync(new URL('Dockerfile', root), 'utf8');
    expect(dockerfile).toContain(`CMD ${JSON.stringify(command).replaceAll(',', ', ')}`);
  });
});
