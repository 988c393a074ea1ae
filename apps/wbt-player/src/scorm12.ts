import type Scorm12Api from 'scorm-again/scorm12';
import * as scorm12 from 'scorm-again/scorm12';
import './player.css';
import { RUNTIME_SETTINGS, startPlayer } from './player';

// The package's ESM build exports the class by name while its types declare a default export.
const { Scorm12API } = scorm12 as unknown as { Scorm12API: typeof Scorm12Api };

// SCORM 1.2 and plain HTML packages: an HTML page that calls the 1.2 API is tracked too.
startPlayer({
  win: window,
  doc: document,
  globalName: 'API',
  createRuntime: (httpService) => new Scorm12API({ ...RUNTIME_SETTINGS, httpService }),
});
