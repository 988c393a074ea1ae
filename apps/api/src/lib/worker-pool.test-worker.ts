import { threadId } from 'node:worker_threads';
import { serveWorker } from './worker-pool';

// The worker of worker-pool.test.ts: echoes, sleeps, spins or fails, and says which thread it is.
type Task = { op: 'echo' | 'sleep' | 'spin' | 'fail'; value?: number };

serveWorker(async (task: Task) => {
  if (task.op === 'fail') throw new Error('This task fails.');
  if (task.op === 'sleep') await new Promise((r) => setTimeout(r, task.value ?? 0));
  if (task.op === 'spin') for (;;) if (Date.now() < 0) break;
  return { value: task.value, thread: threadId };
});
