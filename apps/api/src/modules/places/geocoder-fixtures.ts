/** Test fixtures: answers shaped like those of Photon, Nominatim and Google Places for "1260 sherbrooke". */

export const PHOTON_ANSWER = (lang: string) => ({
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [-73.57941, 45.49862] },
      properties: {
        osm_type: 'W',
        osm_id: 25412345,
        osm_key: 'building',
        osm_value: 'yes',
        type: 'house',
        housenumber: '1260',
        street: 'Rue Sherbrooke Ouest',
        postcode: 'H3G 1H2',
        district: 'Ville-Marie',
        city: 'Montréal',
        county: 'Montréal (06)',
        state: 'Québec',
        country: 'Canada',
        countrycode: 'CA',
        extent: [-73.5798, 45.4989, -73.579, 45.4983],
      },
    },
    {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [-71.8929, 45.4042] },
      properties: {
        osm_type: 'R',
        osm_id: 1428296,
        osm_key: 'place',
        osm_value: 'city',
        type: 'city',
        name: 'Sherbrooke',
        county: 'Sherbrooke',
        state: 'Québec',
        country: 'Canada',
        countrycode: 'CA',
      },
    },
    {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [-72.9, 44.95] },
      properties: {
        osm_type: 'W',
        osm_id: 1,
        osm_key: 'highway',
        osm_value: 'residential',
        type: 'street',
        name: 'Sherbrooke Road',
        city: 'Richford',
        state: 'Vermont',
        country: 'United States',
        countrycode: 'US',
      },
    },
    {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [-63.6081, 44.6497] },
      properties: {
        osm_type: 'W',
        osm_id: 2,
        osm_key: 'highway',
        osm_value: 'residential',
        type: 'street',
        name: 'Sherbrooke Street',
        postcode: 'B3L 1K6',
        city: 'Halifax',
        state: lang === 'fr' ? 'Nouvelle-Écosse' : 'Nova Scotia',
        country: 'Canada',
        countrycode: 'CA',
      },
    },
  ],
});

export const NOMINATIM_ANSWER = [
  {
    place_id: 297434534,
    licence: 'Data © OpenStreetMap contributors, ODbL 1.0. http://osm.org/copyright',
    osm_type: 'way',
    osm_id: 25412345,
    lat: '45.4986200',
    lon: '-73.5794100',
    category: 'building',
    type: 'yes',
    place_rank: 30,
    importance: 0.00008,
    addresstype: 'building',
    name: '',
    display_name:
      '1260, Rue Sherbrooke Ouest, Golden Square Mile, Ville-Marie, Montréal, Agglomération de Montréal, Montréal (06), Québec, H3G 1H2, Canada',
    address: {
      house_number: '1260',
      road: 'Rue Sherbrooke Ouest',
      neighbourhood: 'Golden Square Mile',
      suburb: 'Ville-Marie',
      city: 'Montréal',
      county: 'Agglomération de Montréal',
      state_district: 'Montréal (06)',
      state: 'Québec',
      'ISO3166-2-lvl4': 'CA-QC',
      postcode: 'H3G 1H2',
      country: 'Canada',
      country_code: 'ca',
    },
    boundingbox: ['45.4983', '45.4989', '-73.5798', '-73.5790'],
  },
  {
    place_id: 297434999,
    osm_type: 'relation',
    osm_id: 1428296,
    lat: '45.4042',
    lon: '-71.8929',
    category: 'boundary',
    type: 'administrative',
    place_rank: 16,
    addresstype: 'city',
    name: 'Sherbrooke',
    display_name: 'Sherbrooke, Estrie, Québec, Canada',
    address: {
      city: 'Sherbrooke',
      region: 'Estrie',
      state: 'Québec',
      'ISO3166-2-lvl4': 'CA-QC',
      country: 'Canada',
      country_code: 'ca',
    },
  },
  {
    place_id: 1,
    lat: '46.5',
    lon: 'not-a-number',
    addresstype: 'city',
    name: 'Broken',
    address: { city: 'Broken', state: 'Québec', country_code: 'ca' },
  },
];

export const GOOGLE_AUTOCOMPLETE = {
  predictions: [
    {
      description: '1260 Rue Sherbrooke O, Montréal, QC, Canada',
      place_id: 'ChIJ-1260-sherbrooke',
      reference: 'ChIJ-1260-sherbrooke',
      structured_formatting: { main_text: '1260 Rue Sherbrooke O', secondary_text: 'Montréal, QC, Canada' },
      terms: [{ offset: 0, value: '1260' }],
      types: ['street_address', 'geocode'],
    },
    {
      description: 'Sherbrooke, QC, Canada',
      place_id: 'ChIJ-sherbrooke',
      reference: 'ChIJ-sherbrooke',
      structured_formatting: { main_text: 'Sherbrooke', secondary_text: 'QC, Canada' },
      terms: [{ offset: 0, value: 'Sherbrooke' }],
      types: ['locality', 'political', 'geocode'],
    },
  ],
  status: 'OK',
};

export const GOOGLE_DETAILS: Record<string, unknown> = {
  'ChIJ-1260-sherbrooke': {
    html_attributions: [],
    result: {
      address_components: [
        { long_name: '1260', short_name: '1260', types: ['street_number'] },
        { long_name: 'Rue Sherbrooke Ouest', short_name: 'Rue Sherbrooke O', types: ['route'] },
        {
          long_name: 'Ville-Marie',
          short_name: 'Ville-Marie',
          types: ['sublocality_level_1', 'sublocality', 'political'],
        },
        { long_name: 'Montréal', short_name: 'Montréal', types: ['locality', 'political'] },
        {
          long_name: 'Communauté-Urbaine-de-Montréal',
          short_name: 'Communauté-Urbaine-de-Montréal',
          types: ['administrative_area_level_2', 'political'],
        },
        { long_name: 'Québec', short_name: 'QC', types: ['administrative_area_level_1', 'political'] },
        { long_name: 'Canada', short_name: 'CA', types: ['country', 'political'] },
        { long_name: 'H3G 1H2', short_name: 'H3G 1H2', types: ['postal_code'] },
      ],
      geometry: {
        location: { lat: 45.4986204, lng: -73.5794121 },
        viewport: {
          northeast: { lat: 45.4999, lng: -73.578 },
          southwest: { lat: 45.4972, lng: -73.5807 },
        },
      },
    },
    status: 'OK',
  },
  'ChIJ-sherbrooke': {
    html_attributions: [],
    result: {
      address_components: [
        { long_name: 'Sherbrooke', short_name: 'Sherbrooke', types: ['locality', 'political'] },
        { long_name: 'Sherbrooke', short_name: 'Sherbrooke', types: ['administrative_area_level_2', 'political'] },
        { long_name: 'Québec', short_name: 'QC', types: ['administrative_area_level_1', 'political'] },
        { long_name: 'Canada', short_name: 'CA', types: ['country', 'political'] },
      ],
      geometry: { location: { lat: 45.4042, lng: -71.8929 } },
    },
    status: 'OK',
  },
};
