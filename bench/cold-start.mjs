// Cold start: time from spawning `npm start` to the first 200 from /healthz, on an existing
// data directory (the first start, which creates and seeds it, is not counted).
// Usage: node bench/cold-start.mjs [runs=5]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const runs = Number(process.argv[2] ?? 5);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yuyue-bench-'));
const port = 3900 + Math.floor(Math.random() * 90);

async function startOnce() {
  const started = performance.now();
  const child = spawn('npm', ['start', '--silent'], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn' },
    stdio: 'ignore',
    detached: true,
  });
  try {
    for (;;) {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/healthz`);
        if (res.status === 200) return performance.now() - started;
      } catch {
        // not listening yet
      }
      if (performance.now() - started > 60_000) throw new Error('no answer within 60 s');
      await new Promise((r) => setTimeout(r, 10));
    }
  } finally {
    process.kill(-child.pid, 'SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

const first = await startOnce();
console.log(`first start (creates, migrates and seeds the data dir): ${first.toFixed(0)} ms`);
const times = [];
for (let i = 0; i < runs; i++) times.push(await startOnce());
times.sort((a, b) => a - b);
console.log(
  `cold start on an existing data dir, ${runs} runs: median ${times[Math.floor(runs / 2)].toFixed(0)} ms, min ${times[0].toFixed(0)} ms, max ${times[runs - 1].toFixed(0)} ms`,
);
fs.rmSync(dataDir, { recursive: true, force: true });
