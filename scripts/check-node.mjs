// Stops at once, with a clear message, when this Node.js is older than the one the project's `engines` names.
// Run before `npm start` and `npm test` (and by `npm ci` through engine-strict in .npmrc).
import fs from 'node:fs';

const engines = JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8')).engines?.node ?? '';
const wanted = /^>=(\d+)\.(\d+)/.exec(engines);
const [major, minor] = process.versions.node.split('.').map(Number);
if (wanted && (major < Number(wanted[1]) || (major === Number(wanted[1]) && minor < Number(wanted[2])))) {
  console.error(`Turnpike needs Node.js 24 (or ${wanted[1]}.${wanted[2]} and later): this is Node.js ${process.version}. Install Node.js 24 LTS, then run the command again.`);
  process.exit(1);
}
