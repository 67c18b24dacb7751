#!/usr/bin/env bash
# The README's test command: type-check, then the whole suite.
set -euo pipefail
cd "$(dirname "$0")/../.."
npx tsc -p tsconfig.json --noEmit
npx vitest run
