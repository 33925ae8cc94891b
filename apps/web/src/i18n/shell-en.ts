/**
 * The shell's texts and the error catalogue in English: one chunk, loaded before the first render in English
 * (`loadShellTexts`, i18n.ts), and preloaded with the app's entry by the boot script (scripts/route-chunks.ts).
 */
export { ERRORS_EN as errors } from '@evmap/contract/errors-en';
export { default as texts } from './en.json';
