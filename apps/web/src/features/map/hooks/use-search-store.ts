/**
 * The map's search state (spec section 4): selected day, category, the user's location, the
 * events loaded so far by id and the ids of the latest search. A zustand store, so the Leaflet
 * code can read it outside React.
 */
import type { Event } from '@evmap/contract/events';
import { create } from 'zustand';
import { onEventChanged } from '@/lib/event-changes';
import { todayKey } from '../utils/days';

export type LatLng = { lat: number; lng: number };

export type SearchState = {
  selectedDay: string;
  categoryId: number | null;
  /** Null when refused, unknown or not yet asked. */
  location: LatLng | null;
  eventsById: Record<number, Event>;
  /** The ids of the latest search: only these are shown. */
  eventIds: number[];
  /** A place the map should move to (a direct link), consumed by the map. */
  focus: (LatLng & { zoom: number }) | null;
  setDay: (day: string) => void;
  setCategory: (categoryId: number | null) => void;
  setLocation: (location: LatLng | null) => void;
  addResults: (events: Event[], eventIds: number[]) => void;
  /** Forgets an event so that the next search fetches it again (it changed). */
  forget: (id: number) => void;
  focusOn: (place: LatLng & { zoom: number }) => void;
  clearFocus: () => void;
};

/** The search state as a hook and a store. */
export const useSearchStore = create<SearchState>()((set) => ({
  selectedDay: todayKey(),
  categoryId: null,
  location: null,
  eventsById: {},
  eventIds: [],
  focus: null,
  setDay: (selectedDay) => set({ selectedDay }),
  setCategory: (categoryId) => set({ categoryId }),
  setLocation: (location) => set({ location }),
  addResults: (events, eventIds) =>
    set((state) => {
      // A cached answer brings back events already held: only its ids change what is shown.
      if (events.every((event) => state.eventsById[event.id] === event)) return { eventIds };
      const eventsById = { ...state.eventsById };
      for (const event of events) eventsById[event.id] = event;
      return { eventsById, eventIds };
    }),
  forget: (id) =>
    set((state) => {
      const { [id]: _dropped, ...eventsById } = state.eventsById;
      return { eventsById };
    }),
  focusOn: (focus) => set({ focus }),
  clearFocus: () => set({ focus: null }),
}));

// An event saved or deleted in this tab (the event form) is fetched again by the next search.
onEventChanged((id) => useSearchStore.getState().forget(id));
