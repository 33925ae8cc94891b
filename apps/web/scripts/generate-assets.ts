/**
 * Build-time assets that are generated, not committed (see .gitignore): the legal PDFs of the footer
 * (`public/legals/{policy,terms}/{policy,terms}-{fr,en}.pdf`) and the PNG icons of the web manifest,
 * drawn from the SVG icons. Run by `npm run build` (and `npm run dev`) before Vite.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { writeLegalPdf } from './legal/legal-text';
import { policy } from './legal/policy';
import { terms } from './legal/terms';

const WEB_ROOT = fileURLToPath(new URL('..', import.meta.url));
const PUBLIC = path.join(WEB_ROOT, 'public');
/** The same address as the API's CONTACT_EMAIL and the footer's VITE_CONTACT_EMAIL. */
const CONTACT = process.env.VITE_CONTACT_EMAIL?.trim() || process.env.CONTACT_EMAIL?.trim() || 'contact@evmap.ca';

async function legalPdfs(): Promise<string[]> {
  const written: string[] = [];
  for (const [name, document] of [
    ['policy', policy],
    ['terms', terms],
  ] as const) {
    const folder = path.join(PUBLIC, 'legals', name);
    await mkdir(folder, { recursive: true });
    for (const lang of ['fr', 'en'] as const) {
      const file = path.join(folder, `${name}-${lang}.pdf`);
      await writeLegalPdf(document[lang], lang, CONTACT, file);
      written.push(file);
    }
  }
  return written;
}

/** [source svg, output png, size]: "any" icons keep their rounded corners, maskable ones fill the square. */
const ICONS = [
  ['public/favicon.svg', 'icon-192.png', 192],
  ['public/favicon.svg', 'icon-512.png', 512],
  ['assets/app-icon-maskable.svg', 'icon-maskable-512.png', 512],
  ['assets/app-icon-maskable.svg', 'apple-touch-icon.png', 180],
] as const;

async function icons(): Promise<string[]> {
  const folder = path.join(PUBLIC, 'icons');
  await mkdir(folder, { recursive: true });
  return Promise.all(
    ICONS.map(async ([source, name, size]) => {
      const file = path.join(folder, name);
      await sharp(path.join(WEB_ROOT, source), { density: 72 * (size / 64) })
        .resize(size, size)
        .png()
        .toFile(file);
      return file;
    }),
  );
}

const files = [...(await legalPdfs()), ...(await icons())];
console.warn(`generated ${files.length} assets in ${path.relative(process.cwd(), PUBLIC) || '.'}`);
