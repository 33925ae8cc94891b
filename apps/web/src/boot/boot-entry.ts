/**
 * The boot script, bundled alone and inlined into index.html right after `#root` (scripts/inline-boot-script.ts):
 * it runs as soon as the HTML is parsed, long before the app's own JavaScript.
 */
import { drawMapPreview } from './map-preview';

drawMapPreview();
