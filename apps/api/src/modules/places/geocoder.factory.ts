/** The geocoder chosen by GEOCODER (default: the built-in gazetteer, which needs no network). */
import type { PlaceSource } from '@evmap/contract/globals';
import type { Config } from '../../config';
import { BuiltinGeocoder } from './builtin-geocoder';
import type { Geocoder } from './geocoder';
import { GoogleGeocoder } from './google-geocoder';
import { GEOCODER_TIMEOUT_MS } from './http';
import { NominatimGeocoder } from './nominatim-geocoder';
import { PhotonGeocoder } from './photon-geocoder';

export const DEFAULT_GEOCODER_URLS = {
  photon: 'https://photon.komoot.io',
  nominatim: 'https://nominatim.openstreetmap.org',
  google: 'https://maps.googleapis.com',
} as const;

/**
 * Whose data each geocoder answers, credited under the suggestions: the gazetteer is GeoNames' (CC BY 4.0),
 * Photon and Nominatim answer OpenStreetMap's (ODbL); Google's answers are its own, under its terms.
 */
export const PLACE_DATA_SOURCES: Record<Config['geocoder']['provider'], PlaceSource | null> = {
  builtin: 'geonames',
  photon: 'openstreetmap',
  nominatim: 'openstreetmap',
  google: null,
};

export function createGeocoder(
  config: Pick<Config, 'geocoder' | 'appUrl' | 'contactEmail'>,
  timeoutMs = GEOCODER_TIMEOUT_MS,
): Geocoder {
  const { provider, url, googleMapsApiKey } = config.geocoder;
  switch (provider) {
    case 'builtin':
      return new BuiltinGeocoder();
    case 'photon':
      return new PhotonGeocoder(url ?? DEFAULT_GEOCODER_URLS.photon, timeoutMs);
    case 'nominatim':
      return new NominatimGeocoder(
        url ?? DEFAULT_GEOCODER_URLS.nominatim,
        timeoutMs,
        `EventMap/1.0 (${config.appUrl}; ${config.contactEmail})`,
      );
    case 'google':
      if (!googleMapsApiKey) throw new Error('GOOGLE_MAPS_API_KEY is required when GEOCODER=google');
      return new GoogleGeocoder(url ?? DEFAULT_GEOCODER_URLS.google, googleMapsApiKey, timeoutMs);
  }
}
