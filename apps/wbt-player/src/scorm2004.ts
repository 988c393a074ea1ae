import './player.css';
import { startPlayer } from './player';
import { createScorm2004Runtime } from './runtime2004';

startPlayer({
  win: window,
  doc: document,
  globalName: 'API_1484_11',
  createRuntime: createScorm2004Runtime,
});
