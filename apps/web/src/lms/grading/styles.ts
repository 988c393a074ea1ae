/* The Mantine CSS of the grading frame and panel, loaded with the grading pages' chunks.
 * `lms-styles.test.ts` checks it covers every Mantine component this folder uses. */
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Grid.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/NumberInput.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/Radio.layer.css';
