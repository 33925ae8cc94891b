/**
 * `load` called once, its promise shared by every caller; a failure (offline) is forgotten, so that the next call
 * tries again. For code and texts downloaded on demand: a route's chunk, the map's screen, the form's checks.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}
