/**
 * Montréal's "Événements publics" as GeoJSON: a FeatureCollection whose features carry the CSV's fields in their
 * `properties` (montreal.ts maps them) and a Point geometry `[long, lat]`, preferred to the `lat`/`long` fields.
 */
import { hasMontrealFields, MONTREAL_FIELDS_MISSING, type MontrealRecord, montrealRecord } from './montreal';
import { type Connector, FeedError, type ImportedRecord, type ParseContext } from './types';

type Feature = { type?: unknown; properties?: unknown; geometry?: unknown };

/** The Point of a feature, when it is one with finite coordinates. */
function pointOf(geometry: unknown): { latitude: number; longitude: number } | undefined {
  if (!geometry || typeof geometry !== 'object') return undefined;
  const { type, coordinates } = geometry as { type?: unknown; coordinates?: unknown };
  if (type !== 'Point' || !Array.isArray(coordinates)) return undefined;
  const [longitude, latitude] = coordinates.map(Number);
  return Number.isFinite(latitude) && Number.isFinite(longitude)
    ? { latitude: latitude!, longitude: longitude! }
    : undefined;
}

function parse(body: Buffer, context: ParseContext): ImportedRecord[] {
  let document: unknown;
  try {
    document = JSON.parse(body.toString('utf8'));
  } catch (error) {
    throw new FeedError(`not valid JSON: ${(error as Error).message}`);
  }
  const features = (document as { type?: unknown; features?: unknown } | null)?.features;
  if ((document as { type?: unknown } | null)?.type !== 'FeatureCollection' || !Array.isArray(features)) {
    throw new FeedError('not a GeoJSON FeatureCollection');
  }
  const properties = (feature: Feature): MontrealRecord =>
    feature && typeof feature.properties === 'object' && feature.properties
      ? (feature.properties as MontrealRecord)
      : {};
  const firstProps = features.length > 0 ? properties(features[0] as Feature) : undefined;
  if (firstProps && !hasMontrealFields(firstProps)) throw new FeedError(MONTREAL_FIELDS_MISSING);
  return (features as Feature[]).map((feature) =>
    montrealRecord(properties(feature), context, pointOf(feature?.geometry)),
  );
}

export const montrealGeojsonConnector = {
  accept: 'application/geo+json, application/json, */*;q=0.5',
  parse,
} satisfies Connector;
