// What other features may use of this one; everything else here is its own.
export { AudioPlayer, formatClock } from './audio-player';
export { recordingName, useVoiceRecorder } from './use-voice-recorder';
export { VoiceRecorderPanel } from './voice-recorder';
