import type { Deps } from '../../lib/deps';
import { localProvider } from './local-provider';
import type { SimilarityProvider } from './provider';
import { turnitinProvider } from './turnitin-provider';

/** The provider a check was queued for (the configuration may have changed since). */
export function providerFor(deps: Deps, name: 'local' | 'turnitin'): SimilarityProvider {
  if (name === 'turnitin') {
    const settings = deps.config.similarity.turnitin;
    if (!settings) throw new Error('The external similarity service is not configured here.');
    return turnitinProvider(settings);
  }
  return localProvider(deps.db);
}
