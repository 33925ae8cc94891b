/**
 * The Mantine styles of the admin area's frame and lists beyond ./critical, in the same `mantine` cascade layer: the
 * navigation (NavLink, and on a phone the Burger and its Drawer), the tables and their search field, the user
 * type tabs, the status badges and the confirmation dialogs. With every component's styles (./full, about 250 KB),
 * the lists waited for 36 KB more and parsed them all. The admin forms (events, users, import sources) import ./full
 * themselves.
 */
import '@mantine/core/styles/NavLink.layer.css';
import '@mantine/core/styles/Burger.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Drawer.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/ScrollArea.layer.css';
import '@mantine/core/styles/Table.layer.css';
import '@mantine/core/styles/Tabs.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
