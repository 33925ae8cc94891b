// Leaflet's ES module sources (the package's src/ folder) have no types of their own: lib/leaflet.ts imports the
// parts the app uses from them and gives the whole the types of @types/leaflet.
declare module 'leaflet/src/*';
// The whole UMD bundle, which leaflet.test.ts reads to tell the package's values from its type-only names.
declare module 'leaflet/dist/*';
