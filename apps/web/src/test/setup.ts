/**
 * Set-up of the web unit tests. Files that render components run in happy-dom (a
 * `// @vitest-environment happy-dom` line at their top); for them, each test's rendering is removed
 * afterwards and the browser APIs happy-dom lacks are given plain versions.
 *
 * The shell's texts of both languages are loaded first, as the app does one language's before its first render
 * (main.tsx): components render at once, in either language.
 */
import { afterEach } from 'vitest';
import { loadShellTexts } from '@/i18n/i18n';

await Promise.all([loadShellTexts('en'), loadShellTexts('fr')]);

if (typeof window !== 'undefined') {
  const { cleanup } = await import('@testing-library/react');
  afterEach(() => cleanup());
  // Mantine's components observe their size; happy-dom has no layout, so nothing ever changes.
  if (!('ResizeObserver' in window)) {
    (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
      observe() {}
      unobserve() {}
      disconnect() {}
    };
  }
  // Mantine's growing textareas resize once web fonts load; happy-dom has no font loading.
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', { value: Object.assign(new EventTarget(), { ready: Promise.resolve() }) });
  }
}
