/**
 * Accessibility attributes of an event (issue 24): the step-free entrance (yes / partly / no, or not said), a set
 * of features from a fixed list, and a note in each language.
 *
 * Stored and filtered as one integer, the access mask: bit 0 "step-free: yes", bits 1 to 8 the features in the
 * order of ACCESS_FEATURES, bit 9 "step-free: partly", bit 10 "step-free: no". The bits are never renumbered
 * (stored rows and cached markers keep them): a new feature takes the next free bit.
 *
 * Without zod (accessibility.ts adds the schemas): the web app's form and map filters read these without loading it.
 */

export const STEP_FREE_VALUES = ['yes', 'partly', 'no'] as const;
export type StepFree = (typeof STEP_FREE_VALUES)[number];

/** The features an organiser ticks, in the order of their bits (1 to 8). */
export const ACCESS_FEATURES = [
  'washroom',
  'asl',
  'lsq',
  'captioning',
  'assistiveListening',
  'sensoryFriendly',
  'serviceAnimals',
  'companionFree',
] as const;
export type AccessFeature = (typeof ACCESS_FEATURES)[number];

/** What the map and the list filter on: "stepFree" is a step-free entrance ("yes"), then every feature. */
export const ACCESS_FILTERS = ['stepFree', ...ACCESS_FEATURES] as const;
export type AccessFilter = (typeof ACCESS_FILTERS)[number];

/** The longest note, in each language. */
export const ACCESS_NOTE_MAX = 500;

const STEP_FREE_BITS: Record<StepFree, number> = { yes: 1, partly: 1 << 9, no: 1 << 10 };
const featureBit = (feature: AccessFeature) => 1 << (ACCESS_FEATURES.indexOf(feature) + 1);

/** The access mask of the step-free answer and features (a feature named twice counts once). */
export function accessMask(a: { stepFree?: StepFree | null; features?: readonly AccessFeature[] }): number {
  let mask = a.stepFree ? STEP_FREE_BITS[a.stepFree] : 0;
  for (const feature of a.features ?? []) mask |= featureBit(feature);
  return mask;
}

/** The step-free answer and features of a mask (bits unknown to this version are ignored). */
export function accessOfMask(mask: number): { stepFree: StepFree | null; features: AccessFeature[] } {
  const stepFree = STEP_FREE_VALUES.find((value) => (mask & STEP_FREE_BITS[value]) !== 0) ?? null;
  return { stepFree, features: ACCESS_FEATURES.filter((feature) => (mask & featureBit(feature)) !== 0) };
}

/** The mask an event must hold all of to match the filters ("stepFree": a step-free entrance, "yes"). */
export function accessFilterMask(filters: readonly AccessFilter[]): number {
  let mask = 0;
  for (const filter of filters) mask |= filter === 'stepFree' ? STEP_FREE_BITS.yes : featureBit(filter);
  return mask;
}
