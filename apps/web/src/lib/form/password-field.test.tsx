// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { renderUi } from '@/test/render';
import { ContractFormView } from './contract-form';
import { PasswordField } from './password-field';
import { useContractForm } from './use-contract-form';

const schema = z.object({ currentPassword: z.string().min(1, { error: 'fieldRequired' }) });

function Form({ submit }: { submit: (values: z.output<typeof schema>) => Promise<unknown> }) {
  const { form, onSubmit, formMessage } = useContractForm({ schema, defaultValues: { currentPassword: '' }, submit });
  return (
    <ContractFormView form={form} onSubmit={onSubmit} formMessage={formMessage}>
      <PasswordField name="currentPassword" autoComplete="current-password" required />
      <button type="submit">Save</button>
    </ContractFormView>
  );
}

const box = (name: RegExp) => screen.getByLabelText(name, { selector: 'input' }) as HTMLInputElement;

describe('the password field of the form kit', () => {
  it('hides the password until its button, named in the language of the page, shows it', async () => {
    const { user } = await renderUi(<Form submit={async () => ({})} />, { lang: 'fr' });
    const input = box(/^Mot de passe actuel/);
    expect(input.type).toBe('password');
    expect(input.getAttribute('autocomplete')).toBe('current-password');
    const toggle = screen.getByRole('button', { name: 'Afficher le mot de passe' });
    await user.click(toggle);
    expect(input.type).toBe('text');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    await user.click(toggle);
    expect(input.type).toBe('password');
    expect(screen.queryByRole('button', { name: /Toggle/ })).toBeNull();
  });

  it('shows its error on the field and submits the typed value', async () => {
    const submit = vi.fn(async () => ({}));
    const { user } = await renderUi(<Form submit={submit} />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(box(/^Current password/).getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('The field Current password is required')).toBeTruthy();
    await user.type(box(/^Current password/), 'old-secret');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(submit).toHaveBeenCalledWith({ currentPassword: 'old-secret' }));
  });
});
