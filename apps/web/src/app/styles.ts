/* Mantine's CSS, per component, for what the first page (sign-in) shows; the areas import
 * the rest with their own chunks. The full '@mantine/core/styles.css' would triple this. */
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/PasswordInput.layer.css';
import '@mantine/core/styles/ActionIcon.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Container.layer.css';
import '@mantine/core/styles/Title.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Anchor.layer.css';
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/Center.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/VisuallyHidden.layer.css';
import './global.css';
