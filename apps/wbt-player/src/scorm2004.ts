import type Scorm2004Api from 'scorm-again/scorm2004';
import * as scorm2004 from 'scorm-again/scorm2004';
import './player.css';
import { RUNTIME_SETTINGS, startPlayer } from './player';

// The package's ESM build exports the class by name while its types declare a default export.
const { Scorm2004API } = scorm2004 as unknown as { Scorm2004API: typeof Scorm2004Api };

startPlayer({
  win: window,
  doc: document,
  globalName: 'API_1484_11',
  createRuntime: (httpService) => new Scorm2004API({ ...RUNTIME_SETTINGS, httpService }),
});
