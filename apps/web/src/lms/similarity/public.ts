// What other features may use of this one; everything else here is its own.
export { useMySimilarity } from './api/get-my-similarity';
export { MySimilarityPanel } from './components/my-similarity-panel';
export { ScoreBadge } from './components/score-badge';
