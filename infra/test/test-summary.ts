/**
 * Prints the suite's closing line in the plain form CI reads ("tests: N passed, N failed, N skipped"),
 * from vitest's JSON report. Vitest's own summary is not a closing line CI recognises, and a later
 * tool's summary (schemathesis prints pytest-style "== N warnings in Xs ==") would otherwise be taken
 * for a run that executed no test.
 *
 *   npx tsx infra/test/test-summary.ts <vitest-json-report>
 */
import { readFileSync } from 'node:fs';

interface VitestJsonReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults: Array<{ name: string; status: string; assertionResults: Array<{ status: string }> }>;
}

const path = process.argv[2];
if (!path) {
  console.error('usage: tsx infra/test/test-summary.ts <vitest-json-report>');
  process.exit(2);
}
try {
  const r = JSON.parse(readFileSync(path, 'utf8')) as VitestJsonReport;
  // A file whose beforeAll failed has no failed test and reports its tests as skipped: they did not
  // pass, so they count as failed. (A file with a failed test keeps its own skips, e.g. a missing server.)
  const failedFiles = r.testResults.filter((f) => f.status === 'failed');
  const notRunInFailedFiles = failedFiles
    .filter((f) => !f.assertionResults.some((a) => a.status === 'failed'))
    .flatMap((f) => f.assertionResults)
    .filter((a) => a.status !== 'passed').length;
  const failed = r.numFailedTests + notRunInFailedFiles;
  const skipped = r.numPendingTests + r.numTodoTests - notRunInFailedFiles;
  if (failedFiles.length > 0) console.log(`failed files: ${failedFiles.map((f) => f.name).join(', ')}`);
  console.log(`tests: ${r.numPassedTests} passed, ${failed} failed, ${skipped} skipped`);
} catch (err) {
  // No report means vitest never finished: say so plainly rather than print counts.
  console.log(`tests: no report from vitest (${(err as Error).message})`);
  process.exitCode = 1;
}
