import fs from 'node:fs';
import path from 'node:path';

/**
 * PGlite does not lock its data directory, and two processes writing one directory corrupt
 * it. This lock file, holding the owner's pid, makes a second start fail with a clear message.
 * A lock left by a process that no longer runs is taken over.
 */
export class DataDirLock {
  private constructor(private readonly file: string) {}

  static acquire(dir: string): DataDirLock {
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, 'yuyue.lock');
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
        return new DataDirLock(file);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
        const owner = Number(fs.readFileSync(file, 'utf8').trim());
        if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isRunning(owner)) {
          throw new Error(
            `The embedded database in ${dir} is in use by another Yuyue process (pid ${owner}). ` +
              'Stop that process, or start this one with another DATA_DIR or a DATABASE_URL.',
            { cause: err },
          );
        }
        fs.rmSync(file, { force: true });
      }
    }
    throw new Error(`Could not lock the embedded database directory ${dir}`);
  }

  release(): void {
    try {
      if (fs.readFileSync(this.file, 'utf8').trim() === String(process.pid)) fs.rmSync(this.file);
    } catch {
      // Already gone: nothing to release.
    }
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
