/**
 * What the visitor chose on the map (spec section 4): the day, the category, their location, and a place the map
 * should move to. Only choices: the events themselves are server data, held by TanStack Query (api/markers.ts). A
 * zustand store, so that code outside React's rendering (the map's set-up) can read it too.
 */
import type { AccessFilter } from '@evmap/contract/accessibility';
import { create } from 'zustand';
import { todayKey } from '../utils/days';
import type { Bounds } from '../utils/geo';

export type LatLng = { lat: number; lng: number };

export type SearchState = {
  /** A calendar day, or DAY_NOW (in progress now, or starting within three hours). */
  selectedDay: string;
  categoryId: number | null;
  /** Words to find ('' for none), and the accessibility attributes every event must have (in ACCESS_FILTERS order). */
  text: string;
  access: AccessFilter[];
  /** Null when refused, unknown or not yet asked. */
  location: LatLng | null;
  /** A place the map should move to (a direct link), consumed by the map. */
  focus: (LatLng & { zoom: number }) | null;
  /** The area the map last showed (the list shows its events), null before the map was shown. */
  area: { bounds: Bounds; zoom: number } | null;
  setArea: (area: { bounds: Bounds; zoom: number }) => void;
  setDay: (day: string) => void;
  setText: (text: string) => void;
  setAccess: (access: AccessFilter[]) => void;
  setCategory: (categoryId: number | null) => void;
  setLocation: (location: LatLng | null) => void;
  focusOn: (place: LatLng & { zoom: number }) => void;
  clearFocus: () => void;
};

/** A hook in components (`useSearchStore(selector)`), a store elsewhere (`useSearchStore.getState()`). */
export const useSearchStore = create<SearchState>()((set) => ({
  selectedDay: todayKey(),
  categoryId: null,
  text: '',
  access: [],
  location: null,
  focus: null,
  area: null,
  setArea: (area) => set({ area }),
  setDay: (selectedDay) => set({ selectedDay }),
  setText: (text) => set({ text: text.trim() }),
  setAccess: (access) => set({ access }),
  setCategory: (categoryId) => set({ categoryId }),
  setLocation: (location) => set({ location }),
  focusOn: (focus) => set({ focus }),
  clearFocus: () => set({ focus: null }),
}));
