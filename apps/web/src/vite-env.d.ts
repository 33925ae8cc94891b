/// <reference types="vite/client" />

/** Build-time settings (vite.config.ts fills VITE_SENTRY_DSN from SENTRY_DSN when only that is set). */
interface ImportMetaEnv {
  /** Sentry DSN; error reporting is off when empty. */
  readonly VITE_SENTRY_DSN?: string;
  /** The contact address shown in the footer (default contact@evmap.ca, as the API's CONTACT_EMAIL). */
  readonly VITE_CONTACT_EMAIL?: string;
  readonly VITE_FACEBOOK_URL?: string;
  readonly VITE_TIKTOK_URL?: string;
  readonly VITE_INSTAGRAM_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/**
 * A dictionary read for the embed page only (src/embed/messages.ts): a module of its own, so the embed's bundle
 * holds just its `embed` section, not the app's whole dictionary.
 */
declare module '*/en.json?embed' {
  export const embed: typeof import('./i18n/en.json')['embed'];
}
declare module '*/fr.json?embed' {
  export const embed: typeof import('./i18n/fr.json')['embed'];
}
