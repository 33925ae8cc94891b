/**
 * The texts of the screens behind the lazy routes (profile, event form, settings, plans, administration), in both
 * languages, added to the `translation` namespace when this module is imported. The router imports it with each
 * lazy page (app/router.tsx), so the first load of the map carries only the shell's, the map's and the dialogs'
 * texts (i18n/en.json, i18n/fr.json); keys are the same wherever their text lives.
 */
import { i18n } from './i18n';
import en from './screens/en.json';
import fr from './screens/fr.json';

i18n.addResourceBundle('en', 'translation', en, true, false);
i18n.addResourceBundle('fr', 'translation', fr, true, false);

/** Present once the screens' texts are in i18next (the import's side effect). */
export const SCREEN_TEXTS = true;
