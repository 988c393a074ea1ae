import { mkdirSync, mkdtempSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import type { Result } from './report';

/** What every scenario gets: a temporary folder of the run, and the machine's cores. */
export type Context = {
  tmpRoot: string;
  cores: number;
  /** A new empty folder under the run's temporary folder. */
  newDir: (prefix: string) => string;
};

export type Scenario = {
  name: string;
  summary: string;
  run: (context: Context) => Promise<Result[]>;
};

export function createContext(tmpBase: string): Context {
  const tmpRoot = mkdtempSync(join(tmpBase, 'lantern-bench-'));
  let counter = 0;
  return {
    tmpRoot,
    cores: availableParallelism(),
    newDir: (prefix) => {
      counter += 1;
      const dir = join(tmpRoot, `${prefix}-${String(counter)}`);
      mkdirSync(dir, { recursive: true });
      return dir;
    },
  };
}
