import { describe, expect, it } from 'vitest';
import { isProfileIncomplete } from './profile-completeness';

const managerFields = {
  name: 'Salle Bourgie',
  email: 'info@example.ca',
  phoneNumber: '5145551234',
  address: '1339 rue Sherbrooke O',
  city: 'Montréal',
  zipcode: 'H3G 1J5',
  state: 'QC',
  country: 'CA',
  billingAddress: '1339 rue Sherbrooke O',
  billingZipcode: 'H3G 1J5',
  billingCity: 'Montréal',
  billingState: 'QC',
  billingCountry: 'CA',
  planType: 'trial' as const,
};

describe('isProfileIncomplete (the red alert by the settings icon)', () => {
  it('asks a viewer for a name and an email only', () => {
    expect(isProfileIncomplete({ type: 'viewer', name: 'Ana', email: 'ana@example.ca' })).toBe(false);
    expect(isProfileIncomplete({ type: 'viewer', name: null, email: 'ana@example.ca' })).toBe(true);
    expect(isProfileIncomplete({ type: 'viewer', name: '   ', email: 'ana@example.ca' })).toBe(true);
  });

  it('asks an event-manager for the address, billing address, phone and plan too', () => {
    expect(isProfileIncomplete({ type: 'event-manager', ...managerFields })).toBe(false);
    for (const field of Object.keys(managerFields) as Array<keyof typeof managerFields>) {
      expect(isProfileIncomplete({ type: 'event-manager', ...managerFields, [field]: null }), field).toBe(true);
    }
  });
});
