import { describe, expect, it } from 'vitest';
import {
  ACCESS_FEATURES,
  accessFilterMask,
  accessMask,
  accessOfMask,
  accessQuerySchema,
  STEP_FREE_VALUES,
} from './accessibility';

describe('the access mask', () => {
  it('keeps its bits: step-free yes 0, the features 1 to 8 in order, partly 9, no 10 (stored rows rely on them)', () => {
    expect(accessMask({ stepFree: 'yes' })).toBe(1);
    expect(ACCESS_FEATURES.map((feature) => accessMask({ features: [feature] }))).toEqual([
      2, 4, 8, 16, 32, 64, 128, 256,
    ]);
    expect(accessMask({ stepFree: 'partly' })).toBe(512);
    expect(accessMask({ stepFree: 'no' })).toBe(1024);
    expect(accessMask({})).toBe(0);
  });

  it('gives back the attributes it was made of, features in the list order, each once', () => {
    for (const stepFree of [null, ...STEP_FREE_VALUES]) {
      const mask = accessMask({ stepFree, features: ['companionFree', 'asl', 'asl'] });
      expect(accessOfMask(mask)).toEqual({ stepFree, features: ['asl', 'companionFree'] });
    }
    // Bits of a later version are ignored.
    expect(accessOfMask(1 | (1 << 20))).toEqual({ stepFree: 'yes', features: [] });
  });

  it('filters on "stepFree" as a step-free entrance (yes), and on features', () => {
    expect(accessFilterMask(['stepFree', 'lsq'])).toBe(1 | 8);
    expect(accessFilterMask([])).toBe(0);
  });

  it('reads the marker filter as names separated by commas', () => {
    expect(accessQuerySchema.safeParse('stepFree,asl').success).toBe(true);
    for (const bad of ['', 'ramp', 'asl,', ',asl', 'asl,,lsq', 'ASL']) {
      expect(accessQuerySchema.safeParse(bad).success, bad).toBe(false);
    }
  });
});
