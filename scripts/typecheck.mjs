// Type-checks every workspace with its own tsconfig, so each keeps its own libs (DOM for the console, node for the server).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const { workspaces } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
let failed = false;
for (const workspace of workspaces) {
  if (!existsSync(join(root, workspace, 'tsconfig.json'))) continue;
  try {
    execFileSync(join(root, 'node_modules/.bin/tsc'), ['-p', workspace], { cwd: root, stdio: 'inherit' });
  } catch {
    failed = true;
  }
}
if (failed) {
  console.error('typecheck: failed');
  process.exit(1);
}
console.log(`typecheck: ${workspaces.length} workspaces clean`);
