/**
 * The event form's values, in the shape of the screen (spec section 3's event form): days and times
 * as separate fields, images with their preview URL. `toEventBody` (event-form-schema.ts) turns them
 * into the contract's event body.
 */
import type { AccessFeature, StepFree } from '@evmap/contract/accessibility';
import type { Province, Recurring } from '@evmap/contract/enums';

/** One date of the list, as four fields: days `YYYY-MM-DD`, times `HH:mm` (minutes 00, 15, 30 or 45). */
export type DateFormValue = { startDay: string; startTime: string; endDay: string; endTime: string };

/** One image of the list; the first one is the cover. */
export type ImageFormValue = { imagePath: string; imageUrl: string };

export type EventFormValues = {
  titleFr: string;
  titleEn: string;
  descriptionFr: string;
  descriptionEn: string;
  /** Null: no category chosen. */
  categoryId: number | null;
  price: string;
  /** Digits only (the phone field shows them as (XXX) XXX-XXXX). */
  phoneNumber: string;
  website: string;
  externalLink: string;
  images: ImageFormValue[];
  address: string;
  city: string;
  zipcode: string;
  state: Province;
  country: 'CA';
  latitude: number | null;
  longitude: number | null;
  dates: DateFormValue[];
  recurring: Recurring;
  accessibility: AccessibilityFormValue;
  /** Admin mode only. */
  active: boolean;
  /** Admin mode only: the event's creator (an event-manager or viewer, never an admin). */
  creatorId: number | null;
};

/** The accessibility fieldset: `unknown` is "not said" (a radio needs a value); notes '' when none. */
export type AccessibilityFormValue = {
  stepFree: StepFree | 'unknown';
  features: AccessFeature[];
  noteFr: string;
  noteEn: string;
};

/** Nothing ticked, no note. */
export const noAccessibilityValue = (): AccessibilityFormValue => ({
  stepFree: 'unknown',
  features: [],
  noteFr: '',
  noteEn: '',
});

/** Who fills the form: the event's owner (an event-manager) or an administrator. */
export type EventFormMode = 'owner' | 'admin';

/** The form's values for a new event: defaults of spec section 9 (dates from `defaultDate`). */
export function newEventValues(firstDate: DateFormValue): EventFormValues {
  return {
    titleFr: '',
    titleEn: '',
    descriptionFr: '',
    descriptionEn: '',
    categoryId: null,
    price: '',
    phoneNumber: '',
    website: '',
    externalLink: '',
    images: [],
    address: '',
    city: '',
    zipcode: '',
    state: 'QC',
    country: 'CA',
    latitude: null,
    longitude: null,
    dates: [firstDate],
    recurring: 'none',
    accessibility: noAccessibilityValue(),
    active: true,
    creatorId: null,
  };
}
