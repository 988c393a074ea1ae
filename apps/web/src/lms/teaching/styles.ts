/* The Mantine CSS of the teaching pages (classes, grading, the grade book), loaded with their
 * chunks (see app/styles.ts). `lms-styles.test.ts` checks it covers every Mantine component this
 * folder uses. */
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Progress.layer.css';
import '@mantine/core/styles/Grid.layer.css';
import '@mantine/core/styles/Table.layer.css';
import '@mantine/core/styles/ScrollArea.layer.css';
import '@mantine/core/styles/Tabs.layer.css';
import '@mantine/core/styles/Pagination.layer.css';
import '@mantine/core/styles/Spoiler.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/NumberInput.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/Radio.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Popover.layer.css';
import '@mantine/core/styles/Menu.layer.css';
