/* The Mantine CSS of what this folder draws itself (a handed-in attempt's text and files), loaded
 * with the grading page's chunk. `lms-styles.test.ts` checks it covers every Mantine component
 * this folder uses. */
import '@mantine/core/styles/Paper.layer.css';
