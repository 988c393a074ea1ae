/* The Mantine CSS of the similarity pages (the report, the admin list, the learner's panel),
 * loaded with their chunks. `lms-styles.test.ts` checks it covers every Mantine component this
 * folder uses. */
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Table.layer.css';
import '@mantine/core/styles/ScrollArea.layer.css';
import '@mantine/core/styles/Tabs.layer.css';
import '@mantine/core/styles/List.layer.css';
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Popover.layer.css';
