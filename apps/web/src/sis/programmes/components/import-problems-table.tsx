// The problems table is the shared import component's (components/import-flow).
export { ImportProblemsTable, sortProblems } from '../../../components/import-problems-table';
