// Rewrites the table in docs/decisions/0003-default-role-rights.md from the contracts.
import { readFileSync, writeFileSync } from 'node:fs';
import { roleRightsTable } from '../packages/contracts/src/role-rights-table';

const path = new URL('../docs/decisions/0003-default-role-rights.md', import.meta.url);
const doc = readFileSync(path, 'utf8');
const start = doc.indexOf('<!-- table:start -->');
const end = doc.indexOf('<!-- table:end -->');
if (start < 0 || end < 0) throw new Error('The table markers are missing.');
writeFileSync(
  path,
  `${doc.slice(0, start)}<!-- table:start -->\n${roleRightsTable()}\n${doc.slice(end)}`,
);
