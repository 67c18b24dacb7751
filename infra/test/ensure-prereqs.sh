#!/usr/bin/env bash
# Installs what the real-server test suites need when it is missing: the PostgreSQL server
# (Debian package), if absent Java 17 + Maven (for the Kafka broker jars from Maven Central), and
# Debian's chromium (the browser suite of the inspector).
# Needs root and apt-get; otherwise it only says what is missing. Idempotent: does nothing when
# everything is there. The packaged server is never started: tests run their own instances.
#   --if-possible   never fail (used by `npm test`: a machine without root runs embedded suites)
set -uo pipefail
soft=0
[ "${1:-}" = "--if-possible" ] && soft=1

missing=()
compgen -G '/usr/lib/postgresql/*/bin/postgres' >/dev/null || missing+=(postgresql)
command -v java >/dev/null 2>&1 || missing+=(openjdk-17-jre-headless)
command -v mvn >/dev/null 2>&1 || missing+=(maven)
# The browser the inspector's Playwright suite drives (playwright-core, no downloaded browser).
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "${ENGRAM_TEST_NO_INSTALL:-}" = 1 ] || [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then
  echo "[prereqs] missing: ${missing[*]} (not installing: needs root + apt-get, and ENGRAM_TEST_NO_INSTALL unset)"
  [ $soft = 1 ] && exit 0 || exit 1
fi

echo "[prereqs] installing: ${missing[*]}"
# Debian would otherwise create and start a 'main' cluster on port 5432 that nothing here uses.
if [ ! -e /etc/postgresql-common/createcluster.conf ]; then
  mkdir -p /etc/postgresql-common
  echo 'create_main_cluster = false' > /etc/postgresql-common/createcluster.conf
fi
export DEBIAN_FRONTEND=noninteractive
if apt-get update -qq && apt-get install -y -qq -o Dpkg::Options::=--force-confdef -o Dpkg::Options::=--force-confold "${missing[@]}" >/tmp/engram-apt-install.log 2>&1; then
  echo "[prereqs] installed: ${missing[*]}"
  exit 0
fi
echo "[prereqs] apt-get install failed (log: /tmp/engram-apt-install.log):"
tail -20 /tmp/engram-apt-install.log
[ $soft = 1 ] && exit 0 || exit 1
