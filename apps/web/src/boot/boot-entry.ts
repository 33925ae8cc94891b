/**
 * The boot script, bundled alone and inlined into index.html right after `#root` (scripts/inline-boot-script.ts):
 * it runs as soon as the HTML is parsed, long before the app's own JavaScript. It draws the map preview, then
 * starts the app's scripts once the preview's largest tiles are there (at once on the other pages): see
 * app-scripts.ts.
 */
import { loadAppScriptsAfter } from './app-scripts';
import { drawPreviewTiles } from './map-preview';

loadAppScriptsAfter(drawPreviewTiles() ?? []);
