#!/usr/bin/env bash
# Installs node modules when they are missing or older than package-lock.json.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "Installing node modules…"
  npm install --no-audit --no-fund --loglevel=error
fi
