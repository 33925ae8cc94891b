/**
 * The Mantine styles the event modal needs beyond ./critical (the map home's), in the same `mantine` cascade layer:
 * the modal and its overlay and scroll area, the cover, the badges, the accessibility list and the report question
 * (a radio group). The event page is the map home with this modal open: with every component's styles (./full,
 * about 250 KB), its first load waited for 36 KB more and parsed them all. Other screens still import ./full.
 */
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/ScrollArea.layer.css';
import '@mantine/core/styles/Image.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/List.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/Radio.layer.css';
