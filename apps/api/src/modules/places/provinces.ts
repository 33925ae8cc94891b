/** Province and territory names as geocoders write them (English, French, ISO 3166-2) -> two-letter codes. */
import { PROVINCE_CODES, type Province } from '@evmap/contract/enums';
import { foldText } from '../../lib/text';

const NAMES: Record<Province, string[]> = {
  AB: ['Alberta'],
  BC: ['British Columbia', 'Colombie-Britannique'],
  MB: ['Manitoba'],
  NB: ['New Brunswick', 'Nouveau-Brunswick'],
  NL: ['Newfoundland and Labrador', 'Terre-Neuve-et-Labrador', 'Newfoundland', 'Terre-Neuve'],
  NS: ['Nova Scotia', 'Nouvelle-Écosse'],
  NT: ['Northwest Territories', 'Territoires du Nord-Ouest'],
  NU: ['Nunavut'],
  ON: ['Ontario'],
  PE: ['Prince Edward Island', 'Île-du-Prince-Édouard', 'PEI'],
  QC: ['Quebec', 'Québec'],
  SK: ['Saskatchewan'],
  YT: ['Yukon', 'Yukon Territory'],
};

const key = (value: string) =>
  foldText(value)
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

const BY_NAME = new Map<string, Province>();
for (const code of PROVINCE_CODES) {
  BY_NAME.set(key(code), code);
  BY_NAME.set(key(`CA-${code}`), code);
  for (const name of NAMES[code]) BY_NAME.set(key(name), code);
}

/** 'Québec', 'Quebec', 'QC', 'CA-QC', 'Colombie-Britannique' -> the code; undefined when not a province. */
export function provinceCode(value: string | null | undefined): Province | undefined {
  return value ? BY_NAME.get(key(value)) : undefined;
}
