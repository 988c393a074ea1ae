/* The Mantine CSS of the voice recorder and the audio player, loaded with the chunks of the
 * pages that show them (the answer page, the grade page). `lms-styles.test.ts` checks it covers
 * every Mantine component this folder uses. */
import '@mantine/core/styles/SegmentedControl.layer.css';
import '@mantine/core/styles/Progress.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
