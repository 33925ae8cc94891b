/** The demo accounts (all with the password DEMO_PASSWORD); listed for people in README.md beside this file. */
import type { PlanType } from '@evmap/contract/enums';
import type { users } from '../db/schema/users';
import { searchText } from '../lib/text';
import type { DemoManagerKey } from './demo-types';

export const DEMO_PASSWORD = 'demo1234';

type NewUser = typeof users.$inferInsert;
type Profile = {
  name: string;
  email: string;
  preferredLang: 'fr' | 'en';
  phoneNumber: string;
  address: string;
  city: string;
  zipcode: string;
  state: string;
  website?: string;
};

/** Full event-manager profile: billing = address, terms accepted, email verified. */
function manager(
  profile: Profile,
  planType: PlanType,
  trialEndedAt: Date | null = null,
): Omit<NewUser, 'passwordHash'> {
  return {
    ...profile,
    type: 'event-manager',
    isAdmin: false,
    country: 'CA',
    billingAddress: profile.address,
    billingCity: profile.city,
    billingZipcode: profile.zipcode,
    billingState: profile.state,
    billingCountry: 'CA',
    planType,
    trialEndedAt,
    trialUsed: true,
    acceptTerms: true,
    acceptCommunications: true,
    unverifiedEmail: null,
  };
}

/** "months" calendar months after `now`. */
function monthsAfter(now: Date, months: number): Date {
  const date = new Date(now);
  date.setUTCMonth(date.getUTCMonth() + months);
  return date;
}

export type DemoAccounts = {
  admin: Omit<NewUser, 'passwordHash'>;
  viewer: Omit<NewUser, 'passwordHash'>;
  managers: Record<DemoManagerKey, Omit<NewUser, 'passwordHash'>>;
};

/** The accounts to create, relative to `now` (the trial ends 4 months later). */
export function demoAccounts(now: Date): DemoAccounts {
  const managers: DemoAccounts['managers'] = {
    trial: manager(
      {
        name: 'Productions Mont-Royal',
        email: 'trial@demo.evmap.ca',
        preferredLang: 'fr',
        phoneNumber: '5145550142',
        address: '5333 avenue Casgrain, bureau 102',
        city: 'Montréal',
        zipcode: 'H2T 1X3',
        state: 'QC',
      },
      'trial',
      monthsAfter(now, 4),
    ),
    unit: manager(
      {
        name: 'Festivals de la Capitale',
        email: 'unit@demo.evmap.ca',
        preferredLang: 'fr',
        phoneNumber: '4185550178',
        address: '400 boulevard Jean-Lesage, bureau 210',
        city: 'Québec',
        zipcode: 'G1K 8W1',
        state: 'QC',
      },
      'unit',
    ),
    complete: manager(
      {
        name: 'Harbourfront Live Events Inc.',
        email: 'complete@demo.evmap.ca',
        preferredLang: 'en',
        phoneNumber: '4165550193',
        address: '207 Queens Quay West, Suite 610',
        city: 'Toronto',
        zipcode: 'M5J 1A7',
        state: 'ON',
      },
      'complete',
    ),
    free: manager(
      {
        name: 'Pacific Community Arts Society',
        email: 'free@demo.evmap.ca',
        preferredLang: 'en',
        phoneNumber: '6045550117',
        address: '1895 Venables Street',
        city: 'Vancouver',
        zipcode: 'V5L 2H6',
        state: 'BC',
      },
      'free-complete',
    ),
    canceled: manager(
      {
        name: 'Prairie Nights Promotions',
        email: 'canceled@demo.evmap.ca',
        preferredLang: 'en',
        phoneNumber: '2045550163',
        address: '123 Bannatyne Avenue, Unit 300',
        city: 'Winnipeg',
        zipcode: 'R3B 0R3',
        state: 'MB',
      },
      'canceled',
    ),
  };
  return {
    admin: {
      name: 'Administration EvMap (démo)',
      email: 'admin@demo.evmap.ca',
      preferredLang: 'fr',
      type: 'event-manager',
      isAdmin: true,
      country: 'CA',
      acceptTerms: true,
    },
    viewer: {
      name: 'Camille Tremblay',
      email: 'viewer@demo.evmap.ca',
      preferredLang: 'fr',
      type: 'viewer',
      isAdmin: false,
      city: 'Montréal',
      state: 'QC',
      country: 'CA',
      acceptTerms: true,
    },
    managers,
  };
}

/** The rows to insert, each with the shared password hash and its search text. */
export function demoUserRows(accounts: DemoAccounts, passwordHash: string): NewUser[] {
  return [accounts.admin, ...Object.values(accounts.managers), accounts.viewer].map((user) => ({
    ...user,
    email: user.email.toLowerCase(),
    passwordHash,
    searchText: searchText(user.name, user.email),
  }));
}
