/* The Mantine CSS of the grade history pages and of the as-of grade book the teaching area
 * shows, loaded with their chunks (see app/styles.ts). `lms-styles.test.ts` checks it covers
 * every Mantine component this folder uses. */
import '@mantine/core/styles/Table.layer.css';
import '@mantine/core/styles/ScrollArea.layer.css';
import '@mantine/core/styles/Tabs.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Popover.layer.css';
