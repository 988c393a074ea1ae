// What other modules may use of this one; everything else here is its own.
export { similarityBadges } from './badges';
export { queueCheck } from './checks.service';
export { registerSimilarityJobs } from './check.job';
