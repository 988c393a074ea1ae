import { afterAll, describe, expect, it } from 'vitest';
import { createWorkerPool, WorkerTimeout } from './worker-pool';

type Task = { op: 'echo' | 'sleep' | 'spin' | 'fail'; value?: number };
const pool = createWorkerPool<Task, { value: number | undefined; thread: number }>({
  name: 'test',
  built: 'worker-pool-test.mjs',
  source: new URL('./worker-pool.test-worker.ts', import.meta.url),
  size: 2,
  timeoutMs: 3_000,
});
afterAll(() => pool.close());

describe('worker pool', () => {
  it('answers tasks, two at a time, in threads other than the main one', async () => {
    const answers = await Promise.all([
      pool.run({ op: 'sleep', value: 400 }),
      pool.run({ op: 'sleep', value: 400 }),
      pool.run({ op: 'echo', value: 3 }),
    ]);
    expect(answers.map((a) => a.value)).toEqual([400, 400, 3]);
    expect(new Set(answers.slice(0, 2).map((a) => a.thread)).size).toBe(2);
    expect(answers.every((a) => a.thread > 0)).toBe(true);
  });

  it("gives a failing task's message to its caller and goes on", async () => {
    await expect(pool.run({ op: 'fail' })).rejects.toThrow('This task fails.');
    await expect(pool.run({ op: 'echo', value: 1 })).resolves.toMatchObject({ value: 1 });
  });

  it('stops a task past its timeout, replaces its thread, and others are not held', async () => {
    const stuck = pool.run({ op: 'spin' });
    const other = pool.run({ op: 'echo', value: 2 });
    await expect(other).resolves.toMatchObject({ value: 2 });
    await expect(stuck).rejects.toBeInstanceOf(WorkerTimeout);
    const after = await pool.run({ op: 'echo', value: 5 });
    expect(after.value).toBe(5);
  }, 15_000);
});
