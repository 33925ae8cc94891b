import type { resources } from './i18n';
import type screens from './screens/en.json';

// Typed keys: `t('home.tagline')` is checked at compile time against en.json, the screens' texts (added with the
// lazy routes, i18n/screens.ts) and the error catalogue.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: {
      translation: (typeof resources)['en']['translation'] & typeof screens;
      errors: (typeof resources)['en']['errors'];
    };
  }
}
