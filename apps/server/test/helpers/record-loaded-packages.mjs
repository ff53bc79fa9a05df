// Preloaded into a Turnpike process (NODE_OPTIONS=--import) by the lazy-loading test: appends the name of each npm
// package the process loads, the first time it loads one, as a line of the file TURNPIKE_LOADED_PACKAGES_FILE.
// The hooks see `import`, `import()` and `require` alike, and the line is written before the module runs. At exit it
// adds `node:internal/deps/undici` when Node's own undici (behind global fetch and node:http's WebSocket) was loaded.
import { appendFileSync } from 'node:fs';
import { registerHooks } from 'node:module';

const file = process.env.TURNPIKE_LOADED_PACKAGES_FILE;
const seen = new Set();
const marker = '/node_modules/';

registerHooks({
  resolve(specifier, context, nextResolve) {
    const resolved = nextResolve(specifier, context);
    const at = resolved.url.lastIndexOf(marker);
    if (file && at >= 0) {
      const parts = resolved.url.slice(at + marker.length).split('/');
      const name = parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
      if (!seen.has(name)) {
        seen.add(name);
        appendFileSync(file, `${name}\n`);
      }
    }
    return resolved;
  },
});

process.on('exit', () => {
  if (file && process.moduleLoadList.some((entry) => entry.includes('internal/deps/undici'))) appendFileSync(file, 'node:internal/deps/undici\n');
});
