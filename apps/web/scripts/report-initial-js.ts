/**
 * Prints the JavaScript the home page loads before any lazy route: the entry script of
 * dist/index.html, every chunk it imports statically and the shell's English texts, with their gzip sizes (see
 * initial-js.ts). Run after `vite build`: `npm run size -w @evmap/web`.
 */
import { formatInitialJs, measureInitialJs } from './initial-js';

process.stdout.write(formatInitialJs(measureInitialJs()));
