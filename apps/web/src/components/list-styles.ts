/* Mantine's CSS for the list screens (table, paging, selects, badges), loaded with their chunks. */
import '@mantine/core/styles/Table.layer.css';
import '@mantine/core/styles/Pagination.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/ScrollArea.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Popover.layer.css';
import '@mantine/core/styles/Menu.layer.css';
import '@mantine/core/styles/Pill.layer.css';
import '@mantine/core/styles/PillsInput.layer.css';
import '@mantine/core/styles/SegmentedControl.layer.css';
// The segmented control's moving marker: without it the marker sits off its segment.
import '@mantine/core/styles/FloatingIndicator.layer.css';
import 'mantine-datatable/styles.layer.css';
