import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Temporary directories a test file makes and removes again in its `afterAll`. */
export interface TempDirs {
  make(prefix?: string): string;
  removeAll(): void;
}

export function tempDirs(): TempDirs {
  const dirs: string[] = [];
  return {
    make(prefix = 'outpost-test-') {
      const dir = mkdtempSync(join(tmpdir(), prefix));
      dirs.push(dir);
      return dir;
    },
    removeAll() {
      for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
    },
  };
}
