/**
 * Applies the entry stylesheet that the build preloads without blocking the first paint (scripts/non-blocking-css.ts)
 * and resolves once it is in force. In development Vite injects the styles itself: nothing to wait for.
 */
export function applyAppStyles(doc: Document = document): Promise<void> {
  const preload = doc.getElementById('app-css');
  if (!(preload instanceof HTMLLinkElement)) return Promise.resolve();
  const sheet = doc.createElement('link');
  sheet.rel = 'stylesheet';
  sheet.href = preload.href;
  if (preload.crossOrigin !== null) sheet.crossOrigin = preload.crossOrigin;
  // An unreachable stylesheet (offline without cache) must not keep the app from starting.
  const applied = new Promise<void>((resolve) => {
    sheet.addEventListener('load', () => resolve(), { once: true });
    sheet.addEventListener('error', () => resolve(), { once: true });
  });
  preload.after(sheet);
  return applied;
}
