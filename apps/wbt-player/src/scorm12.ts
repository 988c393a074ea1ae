import './player.css';
import { startPlayer } from './player';
import { createScorm12Runtime } from './runtime12';

// SCORM 1.2 and plain HTML packages: an HTML page that calls the 1.2 API is tracked too.
startPlayer({
  win: window,
  doc: document,
  globalName: 'API',
  createRuntime: createScorm12Runtime,
});
