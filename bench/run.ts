// Runs every *.bench.ts beside this file in its own process, one after another so they do not share the cores.
// Each prints its figures as one JSON line; `npm run bench -- <name>` runs only the benchmarks whose file matches.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

const here = new URL('.', import.meta.url).pathname;
const filters = process.argv.slice(2);
const benches = readdirSync(here)
  .filter((file) => file.endsWith('.bench.ts'))
  .filter((file) => filters.length === 0 || filters.some((filter) => file.includes(filter)))
  .sort();

let failed = 0;
for (const file of benches) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', file], { cwd: here, stdio: 'inherit' });
  if (run.status !== 0) failed += 1;
}
if (failed > 0) {
  console.error(`${failed} of ${benches.length} benchmarks failed`);
  process.exit(1);
}
