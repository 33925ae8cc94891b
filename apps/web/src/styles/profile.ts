/**
 * The Mantine styles of the profile area's frame beyond ./critical, in the same `mantine` cascade layer: the header's
 * user menu (Menu, Popover, Avatar), the welcome and plan-required dialogs (Modal), and the two screens an organiser
 * or a viewer opens first, `/profile` (event cards, badges, the calendar feeds) and the plans page (plan cards). With
 * every component's styles (./full, about 250 KB), those screens waited for 36 KB more and parsed them all. The
 * other profile screens (the forms) import ./full themselves.
 */
import '@mantine/core/styles/Popover.layer.css';
import '@mantine/core/styles/Menu.layer.css';
import '@mantine/core/styles/Avatar.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/ScrollArea.layer.css';
import '@mantine/core/styles/Card.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Image.layer.css';
import '@mantine/core/styles/List.layer.css';
import '@mantine/core/styles/Code.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
