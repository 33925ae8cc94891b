/**
 * Tells the parts of the app that hold events of their own (the map's search store) that an event was
 * created, changed or deleted in this tab, so they drop their copy and search again. The map also
 * hears changes from the live stream; this covers a map that is not mounted while the form saves.
 */
type Listener = (id: number) => void;

const listeners = new Set<Listener>();

/** Calls `listener` with the id of every event changed in this tab; returns the unsubscribe function. */
export function onEventChanged(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Announces that the event `id` changed (saved, deleted). */
export function announceEventChanged(id: number): void {
  for (const listener of listeners) listener(id);
}
