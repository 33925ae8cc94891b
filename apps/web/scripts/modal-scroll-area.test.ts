import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { packageFolder } from './code-splitting';
import { modalWithoutScrollArea } from './modal-scroll-area';

const WEB = fileURLToPath(new URL('..', import.meta.url));
const SRC = path.join(WEB, 'src');
const mantineCore = packageFolder('@mantine/core', WEB)!;
const MODAL_ROOT = path.join(mantineCore, 'esm/components/Modal/ModalRoot.mjs');

type Hook = (...args: unknown[]) => unknown;
const plugin = modalWithoutScrollArea();
const resolveId = plugin.resolveId as Hook;
const load = plugin.load as Hook;

/** The app's source files (not the tests). */
const sourceFiles = (dir: string) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => path.join(dir, file));

describe("Modal's scroll area (build only)", () => {
  it("answers ModalRoot's import of the scroll area, and no other import", () => {
    const answered = resolveId('../ScrollArea/ScrollArea.mjs', MODAL_ROOT);
    expect(answered).toEqual(expect.any(String));
    expect(load(answered)).toMatch(/export const ScrollArea = \{ Autosize:/);
    // The select's list and every other importer get the real scroll area.
    const combobox = path.join(mantineCore, 'esm/components/Combobox/ComboboxOptions/ComboboxOptions.mjs');
    expect(resolveId('../ScrollArea/ScrollArea.mjs', combobox)).toBeNull();
    expect(resolveId('./ModalContent.mjs', MODAL_ROOT)).toBeNull();
    expect(load('/work/apps/web/src/main.tsx')).toBeNull();
    expect(plugin.apply).toBe('build');
  });

  it('is right for the installed Mantine: ModalRoot uses the scroll area only to compare a prop with it', () => {
    const code = readFileSync(MODAL_ROOT, 'utf8');
    expect(code).toContain('import { ScrollArea } from "../ScrollArea/ScrollArea.mjs";');
    const uses = code.split('\n').filter((line) => /\bScrollArea\b/.test(line) && !line.startsWith('import '));
    // Each line that uses it compares a prop with ScrollArea.Autosize.
    expect(uses.length).toBeGreaterThan(0);
    for (const use of uses) expect(use).toMatch(/=== ScrollArea\.Autosize\b/);
  });

  it('is right for the app: no dialog is given a scroll area component', () => {
    const files = sourceFiles(SRC);
    expect(files.length).toBeGreaterThan(100);
    const giving = files.filter((file) => readFileSync(file, 'utf8').includes('scrollAreaComponent'));
    expect(giving).toEqual([]);
  });
});
