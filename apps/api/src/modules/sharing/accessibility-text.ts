/** The accessibility attributes of a shared event as text in one language (calendar file and JSON-LD). */
import { type AccessFeature, accessOfMask, type StepFree } from '@evmap/contract/accessibility';
import type { Lang } from '@evmap/contract/enums';
import { localized } from './shared-event.presenter';
import type { SharedEvent } from './sharing.repository';

type Texts = Record<Lang, string>;

const STEP_FREE: Record<StepFree, Texts> = {
  yes: { en: 'Step-free entrance', fr: 'Entrée sans marche' },
  partly: { en: 'Partly step-free entrance', fr: 'Entrée partiellement sans marche' },
  no: { en: 'Entrance with steps', fr: 'Entrée avec marches' },
};

const FEATURES: Record<AccessFeature, Texts> = {
  washroom: { en: 'Accessible washroom', fr: 'Toilettes accessibles' },
  asl: { en: 'ASL interpretation', fr: 'Interprétation en ASL' },
  lsq: { en: 'LSQ interpretation', fr: 'Interprétation en LSQ' },
  captioning: { en: 'Live captioning (CART)', fr: 'Sous-titrage en direct (CART)' },
  assistiveListening: { en: 'Assistive listening', fr: "Système d'aide à l'écoute" },
  sensoryFriendly: {
    en: 'Relaxed or sensory-friendly',
    fr: 'Formule détendue ou adaptée aux sensibilités sensorielles',
  },
  serviceAnimals: { en: 'Service animals welcome', fr: "Animaux d'assistance bienvenus" },
  companionFree: { en: 'Free entry for a companion', fr: 'Entrée gratuite pour une personne accompagnatrice' },
};

export const ACCESSIBILITY_HEADING: Texts = { en: 'Accessibility', fr: 'Accessibilité' };

export type AccessibilityText = {
  /** One label per attribute; `available` is false for an entrance with steps. */
  items: Array<{ label: string; available: boolean }>;
  note: string | null;
};

/** The event's attributes in `lang` (the English note falls back to French); null when nothing is said. */
export function accessibilityText(
  event: Pick<SharedEvent, 'access' | 'accessNoteFr' | 'accessNoteEn'>,
  lang: Lang,
): AccessibilityText | null {
  const { stepFree, features } = accessOfMask(event.access);
  const items = [
    ...(stepFree ? [{ label: STEP_FREE[stepFree][lang], available: stepFree !== 'no' }] : []),
    ...features.map((feature) => ({ label: FEATURES[feature][lang], available: true })),
  ];
  const note = localized(lang, event.accessNoteFr, event.accessNoteEn);
  return items.length > 0 || note ? { items, note } : null;
}
