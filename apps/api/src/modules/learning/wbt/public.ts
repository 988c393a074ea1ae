// What other modules may use of this one; everything else here is its own.
export { assertWbtSettings } from './packages.service';
export { sweepOldCommits } from './commit-sweep';
export { validatePackage } from './package-validate';
