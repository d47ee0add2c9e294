import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Runs every benchmark (`bench/<name>/run.ts`), or only those named on the command line. */
const benchDir = import.meta.dirname;
const wanted = process.argv.slice(2);
const suites = readdirSync(benchDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(join(benchDir, entry.name, 'run.ts')))
  .map((entry) => entry.name)
  .filter((name) => wanted.length === 0 || wanted.includes(name));

if (suites.length === 0) console.log('No benchmarks found.');
for (const name of suites) {
  console.log(`\n=== bench/${name} ===`);
  const result = spawnSync(process.execPath, ['--expose-gc', join(benchDir, name, 'run.ts')], { stdio: 'inherit' });
  if (result.status !== 0) process.exitCode = 1;
}
