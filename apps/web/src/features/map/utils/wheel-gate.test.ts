import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createWheelGate, WHEEL_HINT_MS, wheelIntent, zoomKeyName } from './wheel-gate';

const plain = { ctrlKey: false, metaKey: false };

describe('the wheel over the map', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('zooms with Ctrl or ⌘ held, and scrolls the page otherwise', () => {
    expect(wheelIntent(plain)).toBe('scroll');
    expect(wheelIntent({ ctrlKey: true, metaKey: false })).toBe('zoom');
    expect(wheelIntent({ ctrlKey: false, metaKey: true })).toBe('zoom');
  });

  it('shows the hint while the wheel scrolls, hides it a moment after the last turn or at once on a zoom', () => {
    const hint = vi.fn();
    const gate = createWheelGate(hint);
    expect(gate.handle(plain)).toBe('scroll');
    expect(gate.handle(plain)).toBe('scroll');
    expect(hint.mock.calls).toEqual([[true]]);
    vi.advanceTimersByTime(WHEEL_HINT_MS - 100);
    gate.handle(plain);
    vi.advanceTimersByTime(WHEEL_HINT_MS - 100);
    expect(hint.mock.calls).toEqual([[true]]);
    vi.advanceTimersByTime(100);
    expect(hint.mock.calls).toEqual([[true], [false]]);

    gate.handle(plain);
    expect(gate.handle({ ctrlKey: true, metaKey: false })).toBe('zoom');
    expect(hint.mock.calls).toEqual([[true], [false], [true], [false]]);
    // A zoom with no hint shown changes nothing; disposing forgets the timer.
    gate.handle({ ctrlKey: true, metaKey: false });
    gate.handle(plain);
    gate.dispose();
    vi.advanceTimersByTime(WHEEL_HINT_MS * 2);
    expect(hint.mock.calls).toEqual([[true], [false], [true], [false], [true], [false]]);
  });

  it('names ⌘ on Apple systems and Ctrl elsewhere', () => {
    expect(zoomKeyName('MacIntel')).toBe('⌘');
    expect(zoomKeyName('iPad')).toBe('⌘');
    expect(zoomKeyName('Win32')).toBe('Ctrl');
    expect(zoomKeyName('Linux x86_64')).toBe('Ctrl');
  });
});
