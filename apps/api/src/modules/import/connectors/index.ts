/** The connectors by source kind (contract import.ts IMPORT_KINDS). */
import type { ImportKind } from '@evmap/contract/import';
import { icalendarConnector } from './icalendar';
import { jsonLdConnector } from './json-ld';
import { montrealCkanConnector } from './montreal-ckan';
import { montrealCsvConnector } from './montreal-csv';
import { montrealGeojsonConnector } from './montreal-geojson';
import { torontoJsonConnector } from './toronto-json';
import type { Connector } from './types';

export const CONNECTORS: Record<ImportKind, Connector> = {
  icalendar: icalendarConnector,
  'montreal-csv': montrealCsvConnector,
  'montreal-geojson': montrealGeojsonConnector,
  'montreal-ckan': montrealCkanConnector,
  'toronto-json': torontoJsonConnector,
  'json-ld': jsonLdConnector,
};
