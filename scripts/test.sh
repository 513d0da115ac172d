#!/usr/bin/env bash
# `npm test`: everything CI runs, on a fresh clone of a fresh machine. Installs what is
# missing, builds, then runs typecheck, lint and the Worker tests side by side, then the
# end-to-end suite in Chromium, then the bench in quick mode, and prints each runner's summary and a total.
set -uo pipefail
cd "$(dirname "$0")/.."
started=$(date +%s)

bash scripts/ensure-deps.sh || exit 1

if [ ! -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then
  echo "Installing Debian's chromium for the end-to-end tests…"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null || exit 1
fi

rm -rf test-results && mkdir -p test-results
echo "▶ build"
npm run build --silent > test-results/build.log 2>&1 || { cat test-results/build.log; exit 1; }

# Stage 1: the three cheap-to-start checks share the two cores.
npm run typecheck --silent > test-results/typecheck.log 2>&1 & typecheck=$!
npm run lint --silent > test-results/lint.log 2>&1 & lint=$!
(
  begin=$(date +%s)
  npx vitest run --reporter=default --reporter=json --outputFile.json=test-results/worker.json
  rc=$?
  echo $(( $(date +%s) - begin )) > test-results/worker.seconds
  exit $rc
) > test-results/worker.log 2>&1 & worker=$!

status=0
report() { # name pid log
  if wait "$2"; then echo "✔ $1"; else echo "✘ $1"; status=1; fi
  cat "$3"
}
report "typecheck" $typecheck test-results/typecheck.log
report "lint" $lint test-results/lint.log
report "worker tests (vitest in workerd)" $worker test-results/worker.log

# Stage 2: the browser suite against the real stack, alone so timings stay honest.
echo "▶ end-to-end tests (Playwright in Chromium)"
e2e_started=$(date +%s)
if ! npx playwright test; then
  status=1
  # What the Worker and PartyKit said is what explains a failure that is the stack's (a crash, a restart).
  echo "▶ the stack's last words (test-results/e2e-stack.log)"
  grep -n -i -E "error|exception|restart|crash|signal|exited|heap" test-results/e2e-stack.log | grep -v "wrangler:info" | tail -40
  tail -40 test-results/e2e-stack.log
fi
e2e_seconds=$(( $(date +%s) - e2e_started ))

# Stage 3: `npm run bench` in quick mode (1 s per route, small sizes), after the browser suite and
# never beside it (it starts its own stack), so the bench cannot silently stop running end to end.
echo "▶ bench (quick)"
bench_started=$(date +%s)
BENCH_QUICK=1 npm run bench --silent > test-results/bench.log 2>&1; bench_status=$?
if [ $bench_status -eq 0 ]; then sed -n '/^## Throughput/,$p' test-results/bench.log; else cat test-results/bench.log; fi
now=$(date +%s)

WORKER_SECONDS=$(cat test-results/worker.seconds 2>/dev/null) E2E_SECONDS=$e2e_seconds TOTAL_SECONDS=$(( now - started )) \
  BENCH_STATUS=$bench_status BENCH_SECONDS=$(( now - bench_started )) \
  node scripts/test-summary.mjs test-results/worker.json test-results/e2e.json || status=1
exit $status
