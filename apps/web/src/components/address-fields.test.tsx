// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ContractFormView } from '@/lib/form/contract-form';
import { useContractForm } from '@/lib/form/use-contract-form';
import { renderUi } from '@/test/render';
import { AddressFields, addressFieldName } from './address-fields';

const part = z.string();
const schema = z.object({
  address: part,
  city: part,
  zipcode: part,
  state: part,
  country: part,
  billingAddress: part,
  billingCity: part,
  billingZipcode: part,
  billingState: part,
  billingCountry: part,
});
const empty = Object.fromEntries(Object.keys(schema.shape).map((key) => [key, ''])) as z.input<typeof schema>;

function Form({
  submit,
  required,
}: {
  submit: (values: z.output<typeof schema>) => Promise<unknown>;
  required?: boolean;
}) {
  const { form, onSubmit, formMessage } = useContractForm({ schema, defaultValues: empty, submit });
  return (
    <ContractFormView form={form} onSubmit={onSubmit} formMessage={formMessage}>
      <fieldset>
        <legend>Main</legend>
        <AddressFields required={required} />
      </fieldset>
      <fieldset>
        <legend>Billing</legend>
        <AddressFields prefix="billing" />
      </fieldset>
      <button type="submit">Save</button>
    </ContractFormView>
  );
}

// Typing into many fields is slow in happy-dom, all the more on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

describe('the address fields', () => {
  it('name the billing twins of the address fields', () => {
    expect(addressFieldName('zipcode')).toBe('zipcode');
    expect(addressFieldName('zipcode', 'billing')).toBe('billingZipcode');
    expect(addressFieldName('state', 'billing')).toBe('billingState');
  });

  it('bind address, city, postal code, province (13 codes) and country, with or without the billing prefix', async () => {
    const submit = vi.fn(async (_values: z.output<typeof schema>) => ({}));
    const { user } = await renderUi(<Form submit={submit} required />);
    const main = screen.getByRole('group', { name: 'Main' });
    const billing = screen.getByRole('group', { name: 'Billing' });

    await user.type(within(main).getByLabelText(/^Address/), '1339 rue Sherbrooke O');
    await user.type(within(main).getByLabelText(/^City/), 'Montréal');
    await user.type(within(main).getByLabelText(/^Postal code/), 'H3G 1J5');
    const province = within(main).getByLabelText(/^Province/) as HTMLSelectElement;
    // The empty choice, then the 13 provinces and territories.
    expect(province.options).toHaveLength(14);
    expect(province.options[0]?.textContent).toBe('Choose a province');
    expect([...province.options].map((option) => option.value)).toContain('NU');
    await user.selectOptions(province, 'QC');
    await user.selectOptions(within(main).getByLabelText(/^Country/), 'CA');
    await user.type(within(billing).getByLabelText('Billing city'), 'Toronto');
    await user.selectOptions(within(billing).getByLabelText('Billing province'), 'ON');
    expect(within(main).getByLabelText(/^City/).getAttribute('autocomplete')).toBe('address-level2');
    expect(within(billing).getByLabelText('Billing city').getAttribute('autocomplete')).toBe('billing address-level2');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(submit).toHaveBeenCalled());
    expect(submit.mock.calls[0]?.[0]).toEqual({
      ...empty,
      address: '1339 rue Sherbrooke O',
      city: 'Montréal',
      zipcode: 'H3G 1J5',
      state: 'QC',
      country: 'CA',
      billingCity: 'Toronto',
      billingState: 'ON',
    });
  });

  it('are labelled in French', async () => {
    await renderUi(<Form submit={async () => ({})} />, { lang: 'fr' });
    const billing = screen.getByRole('group', { name: 'Billing' });
    expect(within(billing).getByLabelText('Adresse de facturation')).toBeTruthy();
    expect(within(billing).getByLabelText('Code postal de facturation')).toBeTruthy();
    const province = within(billing).getByLabelText('Province de facturation') as HTMLSelectElement;
    expect([...province.options].find((option) => option.value === 'QC')?.textContent).toBe('QC – Québec');
  });
});
