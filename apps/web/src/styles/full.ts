/** Every Mantine component's styles (layered, see ./critical), for the features loaded after the first screen. */
import '@mantine/core/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
