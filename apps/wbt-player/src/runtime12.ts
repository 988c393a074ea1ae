import type Scorm12Api from 'scorm-again/scorm12';
import * as scorm12 from 'scorm-again/scorm12';
import { RUNTIME_SETTINGS, type RelayHttpService } from './player';

// The package's ESM build exports the class by name while its types declare a default export.
// Each standard's runtime is a module of its own, so a player page loads only its own bundle.
const { Scorm12API } = scorm12 as unknown as { Scorm12API: typeof Scorm12Api };

/**
 * scorm-again 3.4.3 starts `cmi.core.lesson_status` at 'not attempted' and then, at
 * LMSInitialize, takes any status present for one the SCO set, so `autoCompleteLessonStatus`
 * never applies. After LMSInitialize a status still 'not attempted' was set by nobody: it is
 * marked so again (a status set by the SCO, now or in an earlier launch, stays the SCO's).
 */
class Scorm12Runtime extends Scorm12API {
  override lmsInitialize(parameter = ''): string {
    const result = super.lmsInitialize(parameter);
    if (this.cmi.core.lesson_status === 'not attempted') this.statusSetByModule = false;
    return result;
  }
}

/**
 * The SCORM 1.2 runtime (decision 0020 §2.4). A SCO that finishes without ever setting
 * `cmi.core.lesson_status` is completed, as SCORM 1.2's run-time environment and Moodle have it
 * (parts that only call LMSInitialize and LMSFinish exist, and would otherwise never complete);
 * a status the SCO set is kept. With a mastery score from the manifest, the runtime turns the
 * status into passed or failed from the raw score (scorm-again's `mastery_override`, on by
 * default when settings are given).
 */
export const createScorm12Runtime = (httpService: RelayHttpService): Scorm12Api =>
  new Scorm12Runtime({ ...RUNTIME_SETTINGS, autoCompleteLessonStatus: true, httpService });
