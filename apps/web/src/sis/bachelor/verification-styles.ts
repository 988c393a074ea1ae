/* Mantine's CSS for the verification page (levels, confirm dialog, tables, tabs), with its chunk. */
import '../../components/list-styles';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/Tabs.layer.css';
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Code.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/Input.layer.css';
