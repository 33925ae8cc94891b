/**
 * Prints the JavaScript the home page loads before any lazy route: the entry script of
 * dist/index.html and every chunk it imports statically, with their gzip sizes (see initial-js.ts).
 * Run after `vite build`: `npm run size -w @evmap/web`.
 */
import { formatInitialJs, measureInitialJs } from './initial-js';

process.stdout.write(formatInitialJs(measureInitialJs()));
