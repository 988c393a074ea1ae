// What other modules may use of this one; everything else here is its own.
export { creditResultEvents } from './credits/credits.ledger';
export type { ResultEventWritten } from './credits/credits.ledger';
