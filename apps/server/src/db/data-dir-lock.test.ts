import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLock } from './data-dir-lock.ts';

const dirs: string[] = [];
function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yuyue-lock-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe('embedded database directory lock', () => {
  it('refuses a second owner while a live process holds the directory', async () => {
    const dir = tempDir();
    // Another live process holds the lock.
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'], { stdio: 'ignore' });
    try {
      fs.writeFileSync(path.join(dir, 'yuyue.lock'), String(holder.pid));
      expect(() => DataDirLock.acquire(dir)).toThrow(/in use by another Yuyue process \(pid \d+\)/);
    } finally {
      holder.kill();
    }
  });

  it('takes over a lock left by a process that has exited', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'yuyue.lock'), '999999999');
    const lock = DataDirLock.acquire(dir);
    expect(fs.readFileSync(path.join(dir, 'yuyue.lock'), 'utf8')).toBe(String(process.pid));
    lock.release();
    expect(fs.existsSync(path.join(dir, 'yuyue.lock'))).toBe(false);
  });

  it('can be taken again after release', () => {
    const dir = tempDir();
    DataDirLock.acquire(dir).release();
    const again = DataDirLock.acquire(dir);
    again.release();
  });
});
