import { serveWorker } from '../../lib/worker-pool';
import { extractText } from './extract';
import { coverage, matchWorks } from './winnow';
import type { SimilarityTask } from './pool';

// The similarity thread (decision 0020 §1.5): text extraction and matching, off the event loop.
serveWorker(async (task: SimilarityTask) => {
  if (task.op === 'extract') return extractText(task.source, task.bytes);
  if (task.op === 'cover') return coverage(task.parts, task.ranges);
  const started = performance.now();
  const results = matchWorks(task.task);
  return { results, ms: performance.now() - started };
});
