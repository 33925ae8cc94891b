import type { resources } from './i18n';

// Typed keys: `t('home.tagline')` is checked at compile time against en.json and the error catalogue.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: (typeof resources)['en'];
  }
}
