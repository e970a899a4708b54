// Builds the web app when it has no build yet or its sources are newer than the build
// (`npm start` runs this first, so a fresh clone needs no separate build step).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const web = path.join(root, 'apps/web');
const built = path.join(web, 'dist/index.html');

function newest(p) {
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...fs.readdirSync(p).map((name) => newest(path.join(p, name))));
}

const sources = ['src', 'public', 'index.html', 'silent-renew.html', 'vite.config.ts', 'package.json']
  .map((p) => path.join(web, p))
  .concat(path.join(root, 'packages/shared/src'))
  .filter((p) => fs.existsSync(p));
const builtAt = fs.existsSync(built) ? fs.statSync(built).mtimeMs : 0;
if (builtAt >= Math.max(...sources.map(newest))) process.exit(0);

console.log(builtAt ? 'Web app sources changed: rebuilding…' : 'Building the web app (first start)…');
const result = spawnSync('npm', ['run', 'build', '--silent', '-w', '@yuyue/web'], { cwd: root, stdio: 'inherit' });
process.exit(result.status ?? 1);
