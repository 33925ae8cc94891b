/**
 * Forms validate with the contract's zod schemas, so they show the same catalogue messages as the
 * API. The contract's error map (zod-setup) turns every issue into a catalogue key; `errorText`
 * translates it when shown. Import forms' resolvers from here so the map is always installed first.
 */
import '@evmap/contract/zod-setup';

export { zodResolver as contractResolver } from '@hookform/resolvers/zod';
