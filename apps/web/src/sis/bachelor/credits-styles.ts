/* Mantine's CSS for the credit and transfer pages: lists, forms and the progress bar. */
import '../../components/list-styles';
import '../../components/form-styles';
import '@mantine/core/styles/Progress.layer.css';
