/* The Mantine CSS of the training pages (the player, the lists and the report), loaded with
 * their chunks. `lms-styles.test.ts` checks it covers every Mantine component this folder uses. */
import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Card.layer.css';
import '@mantine/core/styles/Table.layer.css';
import '@mantine/core/styles/ScrollArea.layer.css';
import '@mantine/core/styles/SegmentedControl.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Popover.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/Switch.layer.css';
import '@mantine/core/styles/Radio.layer.css';
import '@mantine/core/styles/NumberInput.layer.css';
import '@mantine/core/styles/Progress.layer.css';
import '@mantine/core/styles/List.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import './wbt.css';
