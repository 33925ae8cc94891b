/**
 * The browser's install prompt (`beforeinstallprompt`, Chromium browsers): kept aside when it fires
 * so the install banner can offer it later. iOS and some browsers never fire it; the banner then
 * explains how to add the app to the home screen.
 */
import { useSyncExternalStore } from 'react';

type BeforeInstallPromptEvent = Event & {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
};

type InstallState = { prompt: BeforeInstallPromptEvent | null; installed: boolean };

let state: InstallState = { prompt: null, installed: false };
const listeners = new Set<() => void>();

function update(next: InstallState) {
  state = next;
  for (const listener of listeners) listener();
}

/** Starts listening for the install prompt; call once at start, before the event can fire. */
export function captureInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    update({ ...state, prompt: event as BeforeInstallPromptEvent });
  });
  window.addEventListener('appinstalled', () => update({ prompt: null, installed: true }));
}

/** The install prompt state, re-rendering when it changes. */
export function useInstallPrompt(): InstallState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
  );
}

/** Shows the browser's install prompt; resolves with the user's answer. */
export async function promptInstall(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const { prompt } = state;
  if (!prompt) return 'unavailable';
  await prompt.prompt();
  const { outcome } = await prompt.userChoice;
  // A prompt can be shown once only.
  update({ prompt: null, installed: outcome === 'accepted' });
  return outcome;
}
