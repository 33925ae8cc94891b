// @vitest-environment happy-dom
/**
 * The app's Leaflet (lib/leaflet.ts, what `import L from 'leaflet'` resolves to) holds every member the app's modules
 * use: a member of the whole package that the app names and the subset lacks would fail only at run time.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import L from './leaflet';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [file] : [];
  });
}

/** `L.a` and `L.a.b` as the modules that use Leaflet's values write them (`L` bound to the package or this subset). */
function membersUsed(): Map<string, string> {
  const used = new Map<string, string>();
  for (const file of sourceFiles(SRC)) {
    const text = readFileSync(file, 'utf8');
    // A value import of the package, or its dynamic import (the event form's map).
    if (!/^import L from 'leaflet';$/m.test(text) && !text.includes("import('leaflet')")) continue;
    for (const match of text.matchAll(/\bL\.([A-Za-z]+)(?:\.([a-z][A-Za-z]*))?/g)) {
      used.set(match[2] ? `${match[1]}.${match[2]}` : (match[1] as string), path.relative(SRC, file));
    }
  }
  return used;
}

describe("the app's Leaflet", () => {
  it('is what the app imports as leaflet', async () => {
    const imported = await import('leaflet');
    expect(imported.default).toBe(L);
  });

  it('has every member the modules use (types such as L.MarkerOptions aside)', async () => {
    // The whole package, read from its UMD bundle, tells values from type-only names.
    const whole = (await import('leaflet/dist/leaflet-src.js')) as { default?: Record<string, unknown> };
    const full = (whole.default ?? whole) as Record<string, Record<string, unknown>>;
    const used = membersUsed();
    expect(used.size).toBeGreaterThan(10);
    const missing: string[] = [];
    const subset = L as unknown as Record<string, Record<string, unknown>>;
    for (const [name, file] of used) {
      const [top, member] = name.split('.') as [string, string | undefined];
      const inFull = member === undefined ? top in full : full[top] !== undefined && member in full[top]!;
      if (!inFull) continue;
      const inSubset = member === undefined ? top in subset : subset[top] !== undefined && member in subset[top]!;
      if (!inSubset) missing.push(`${name} (${file})`);
    }
    expect(missing).toEqual([]);
  });

  it('draws a map with a tile layer, its controls and a draggable div-icon marker', () => {
    const element = document.createElement('div');
    document.body.append(element);
    const map = L.map(element, { center: [45.5, -73.6], zoom: 12, zoomControl: false, attributionControl: false });
    L.tileLayer('https://tile.example/{z}/{x}/{y}.png', { attribution: 'Tiles' }).addTo(map);
    L.control.zoom({ position: 'topright' }).addTo(map);
    L.control.attribution({ prefix: false }).addTo(map);
    const pin = L.marker([45.5, -73.6], { icon: L.divIcon({ className: 'pin' }), draggable: true }).addTo(map);
    expect(map.dragging).toBeDefined();
    expect(map.keyboard).toBeDefined();
    expect(map.scrollWheelZoom).toBeDefined();
    expect(map.touchZoom).toBeDefined();
    expect(pin.dragging).toBeDefined();
    expect(element.querySelector('.leaflet-control-zoom-in')).not.toBeNull();
    expect(element.querySelector('.leaflet-control-attribution')?.textContent).toContain('Tiles');
    expect(element.querySelector('.pin')).not.toBeNull();
    map.remove();
    element.remove();
  });
});
