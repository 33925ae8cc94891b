/**
 * The shell's texts and the error catalogue in French: one chunk, loaded before the first render in French
 * (`loadShellTexts`, i18n.ts), and preloaded with the app's entry by the boot script (scripts/route-chunks.ts).
 */
export { ERRORS_FR as errors } from '@evmap/contract/errors-fr';
export { default as texts } from './fr.json';
