// Runs every *.test.mjs here with `node --test`, the page modules read from the directory given as
// the first argument (web's assets). Used by the Maven build (web's PageModulesTest), which installs
// this project under target/ first; by hand: `npm ci && npm test` in this directory.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const files = readdirSync(here).filter(f => f.endsWith('.test.mjs')).sort();
const run = spawnSync(process.execPath, ['--test', '--test-reporter=spec', '--test-timeout=60000', ...files], {
  cwd: here, stdio: 'inherit', env: { ...process.env, ASSETS: process.argv[2] || '' },
});
process.exit(run.status === null ? 1 : run.status);
