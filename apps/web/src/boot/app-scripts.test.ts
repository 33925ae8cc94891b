import { Window } from 'happy-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { APP_SCRIPTS_META as BUILD_META } from '../../scripts/deferred-app-scripts';
import { APP_SCRIPTS_META, loadAppScripts, loadAppScriptsAfter } from './app-scripts';

const CONTENT = '/assets/index-a.js /assets/runtime-b.js /assets/react-c.js';

function page(meta: string | null = CONTENT) {
  const window = new Window({
    url: 'https://evmap.test/',
    settings: { disableJavaScriptFileLoading: true, disableJavaScriptEvaluation: true },
  });
  const doc = window.document as unknown as Document;
  if (meta !== null) doc.head.innerHTML = `<meta name="${APP_SCRIPTS_META}" content="${meta}">`;
  const scripts = () =>
    [...doc.head.querySelectorAll('script')].map((s) => ({
      type: s.type,
      src: s.getAttribute('src'),
      co: s.crossOrigin,
    }));
  const preloads = () =>
    [...doc.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((l) => [
      l.getAttribute('href'),
      l.crossOrigin,
    ]);
  // A tile still downloading (happy-dom loads no image).
  const image = (complete = false) => {
    const img = doc.createElement('img');
    Object.defineProperty(img, 'complete', { value: complete });
    return img;
  };
  return { window, doc, scripts, preloads, image };
}

describe('loadAppScripts', () => {
  it('adds the entry as a module script and preloads its chunks, once', () => {
    const { doc, scripts, preloads } = page();
    expect(loadAppScripts(doc)).toBe(true);
    expect(scripts()).toEqual([{ type: 'module', src: '/assets/index-a.js', co: '' }]);
    expect(preloads()).toEqual([
      ['/assets/runtime-b.js', ''],
      ['/assets/react-c.js', ''],
    ]);
    expect(doc.querySelector(`meta[name="${APP_SCRIPTS_META}"]`)).toBeNull();
    expect(loadAppScripts(doc)).toBe(false);
    expect(scripts()).toHaveLength(1);
  });

  it('does nothing without the meta (development: Vite keeps its module script) or with an empty one', () => {
    for (const meta of [null, '', '  ']) {
      const { doc, scripts } = page(meta);
      expect(loadAppScripts(doc)).toBe(false);
      expect(scripts()).toEqual([]);
    }
  });

  it("names the build's meta", () => {
    expect(APP_SCRIPTS_META).toBe(BUILD_META);
  });
});

describe('loadAppScriptsAfter', () => {
  afterEach(() => vi.useRealTimers());

  it('starts at once without images (the pages without a map preview)', () => {
    const { doc, scripts } = page();
    loadAppScriptsAfter([], doc);
    expect(scripts()).toHaveLength(1);
  });

  it('starts once every image has loaded or failed', () => {
    vi.useFakeTimers();
    const { window, doc, scripts, image } = page();
    const [first, second] = [image(), image()];
    loadAppScriptsAfter([first, second], doc);
    expect(scripts()).toEqual([]);
    first.dispatchEvent(new window.Event('load') as unknown as Event);
    expect(scripts()).toEqual([]);
    second.dispatchEvent(new window.Event('error') as unknown as Event);
    expect(scripts()).toHaveLength(1);
    vi.runAllTimers();
    expect(scripts()).toHaveLength(1);
  });

  it('starts after the longest wait when a tile never answers', () => {
    vi.useFakeTimers();
    const { doc, scripts, image } = page();
    loadAppScriptsAfter([image()], doc, 2000);
    vi.advanceTimersByTime(1999);
    expect(scripts()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(scripts()).toHaveLength(1);
  });

  it('does not wait for images already there', () => {
    const { doc, scripts, image } = page();
    loadAppScriptsAfter([image(true)], doc);
    expect(scripts()).toHaveLength(1);
  });
});
