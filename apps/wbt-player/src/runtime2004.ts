import type Scorm2004Api from 'scorm-again/scorm2004';
import * as scorm2004 from 'scorm-again/scorm2004';
import { RUNTIME_SETTINGS, type RelayHttpService } from './player';

// The package's ESM build exports the class by name while its types declare a default export.
const { Scorm2004API } = scorm2004 as unknown as { Scorm2004API: typeof Scorm2004Api };

/** The SCORM 2004 runtime: with `cmi.scaled_passing_score` (from the manifest) it decides
 * passed or failed from the scaled score when the SCO terminates. */
export const createScorm2004Runtime = (httpService: RelayHttpService): Scorm2004Api =>
  new Scorm2004API({ ...RUNTIME_SETTINGS, httpService });
