// Bundles the server into dist/main.js: workspace packages are bundled, npm dependencies stay external. Code behind a
// dynamic import() (features loaded on first use) goes to its own chunk under dist/chunks, loaded only when needed.
import { readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { build } from 'esbuild';

const manifest = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(manifest.dependencies ?? {}).flatMap((name) => [name, `${name}/*`]);
const outdir = new URL('./dist/', import.meta.url);

// An ES import of node:http reads every export of the module, and three of them (WebSocket, CloseEvent,
// MessageEvent) are getters that load Node's own copy of undici: 2.3 MB of heap and about 13 MB of RSS the server
// never uses. The bundle takes node:http through `require` instead, naming the plain exports only (a getter's name
// imported by the code would fail the build, not load the module).
const httpExports = Object.entries(Object.getOwnPropertyDescriptors(createRequire(import.meta.url)('node:http')))
  .filter(([name, descriptor]) => 'value' in descriptor && /^[A-Za-z_$][\w$]*$/.test(name))
  .map(([name]) => name);
const requireNodeHttp = {
  name: 'require-node-http',
  setup(builder) {
    builder.onResolve({ filter: /^(node:)?http$/ }, () => ({ path: 'node:http', namespace: 'require-node-http' }));
    builder.onLoad({ filter: /.*/, namespace: 'require-node-http' }, () => ({
      contents: [
        "import { createRequire } from 'node:module';",
        "const http = createRequire(import.meta.url)('node:http');",
        'export default http;',
        `export const { ${httpExports.join(', ')} } = http;`,
      ].join('\n'),
      loader: 'js',
    }));
  },
};

// Chunk names carry a content hash: the previous build's chunks would otherwise stay beside the new ones.
rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: ['src/main.ts'],
  outdir: 'dist',
  entryNames: '[name]',
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  splitting: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external,
  plugins: [requireNodeHttp],
  logLevel: 'warning',
});

// esbuild keeps some comments, and a single character beyond Latin-1 in them makes V8 hold the whole file's source
// in two bytes per character (1.3 MB more for main.js). Strings are already escaped (charset ascii), so what is
// left is comment text: it is escaped too, which leaves every line where the source map expects it.
for (const file of readdirSync(outdir, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.js'))) {
  const target = new URL(file, outdir);
  const text = readFileSync(target, 'utf8');
  const ascii = text.replace(/[^\p{ASCII}]/gu, (character) => `\\u{${character.codePointAt(0).toString(16)}}`);
  if (ascii !== text) writeFileSync(target, ascii);
}
