/**
 * The address fields of a user (spec section 3): street address, city, postal code, province (the 13
 * codes) and country (Canada only), bound by name to the surrounding form of the kit. Shared by the
 * account form and the administrators' user form, so it lives below the features.
 */
import { PROVINCE_CODES } from '@evmap/contract/provinces';
import { SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from '@/i18n/use-translation';
import { SelectField, TextField } from '@/lib/form/fields';

/** The parts of an address, by their field name without prefix. */
export const ADDRESS_PARTS = ['address', 'city', 'zipcode', 'state', 'country'] as const;
export type AddressPart = (typeof ADDRESS_PARTS)[number];

/** The form field of an address part: `city`, or `billingCity` with the billing prefix. */
export function addressFieldName(part: AddressPart, prefix?: 'billing'): string {
  return prefix ? `${prefix}${part.charAt(0).toUpperCase()}${part.slice(1)}` : part;
}

export type AddressFieldsProps = {
  /** `billing` binds `billingAddress`, `billingCity`, `billingZipcode`, `billingState`, `billingCountry`. */
  prefix?: 'billing';
  /** Marks every field as required (an event-manager's complete profile needs them all). */
  required?: boolean;
  disabled?: boolean;
};

/** Address, city, postal code, province and country fields of the surrounding kit form. */
export function AddressFields({ prefix, required, disabled }: AddressFieldsProps) {
  const { t } = useTranslation();
  const name = (part: AddressPart) => addressFieldName(part, prefix);
  // Browsers fill the billing block from the card holder's address, the other from the shipping one.
  const autoComplete = (token: string) => (prefix ? `billing ${token}` : token);
  const provinces = PROVINCE_CODES.map((code) => ({
    value: code,
    label: t('placeField.provinceOption', { code, name: t(`placeField.provinces.${code}`) }),
  }));
  const countries = [{ value: 'CA', label: t('placeField.countryName') }];

  return (
    <Stack>
      <TextField
        name={name('address')}
        autoComplete={autoComplete('street-address')}
        required={required}
        disabled={disabled}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextField
          name={name('city')}
          autoComplete={autoComplete('address-level2')}
          required={required}
          disabled={disabled}
        />
        <TextField
          name={name('zipcode')}
          autoComplete={autoComplete('postal-code')}
          required={required}
          disabled={disabled}
        />
        <SelectField<string>
          name={name('state')}
          options={provinces}
          placeholder={t('fields.statePlaceholder')}
          required={required}
          disabled={disabled}
        />
        <SelectField<string>
          name={name('country')}
          options={countries}
          placeholder={t('fields.countryPlaceholder')}
          required={required}
          disabled={disabled}
        />
      </SimpleGrid>
    </Stack>
  );
}
