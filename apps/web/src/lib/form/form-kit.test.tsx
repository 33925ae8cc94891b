// @vitest-environment happy-dom
import { contactSchema } from '@evmap/contract/forms';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from '@/lib/api-client';
import { renderUi } from '@/test/render';
import { ContractFormView } from './contract-form';
import { PhoneField, TextField, TimeField } from './fields';
import { formatPhone, phoneDigits } from './phone';
import { useContractForm } from './use-contract-form';

const schema = z.object({ titleFr: z.string().trim().min(1, { error: 'titleRequired' }), phoneNumber: z.string() });

function Form({ submit }: { submit: (values: z.output<typeof schema>) => Promise<unknown> }) {
  const { form, onSubmit, formMessage } = useContractForm({
    schema,
    defaultValues: { titleFr: '', phoneNumber: '' },
    submit,
  });
  return (
    <ContractFormView form={form} onSubmit={onSubmit} formMessage={formMessage}>
      <TextField name="titleFr" required />
      <PhoneField name="phoneNumber" />
      <button type="submit">Save</button>
    </ContractFormView>
  );
}

const timeSchema = z.object({ startTime: z.string() });
function TimeForm() {
  const { form, onSubmit, formMessage } = useContractForm({
    schema: timeSchema,
    defaultValues: { startTime: '10:00' },
    submit: async () => ({}),
  });
  return (
    <ContractFormView form={form} onSubmit={onSubmit} formMessage={formMessage}>
      <TimeField name="startTime" min="09:30" max="11:00" />
    </ContractFormView>
  );
}

function Contact() {
  const { form, onSubmit, formMessage } = useContractForm({
    schema: contactSchema,
    defaultValues: { subject: '', message: '' },
    submit: async () => ({}),
  });
  return (
    <ContractFormView form={form} onSubmit={onSubmit} formMessage={formMessage}>
      <TextField name="subject" label="Subject" />
      <button type="submit">Send</button>
    </ContractFormView>
  );
}

describe('phone numbers', () => {
  it('are shown as (XXX) XXX-XXXX while typed and kept as digits', () => {
    expect(formatPhone('514')).toBe('(514');
    expect(formatPhone('5145551')).toBe('(514) 555-1');
    expect(formatPhone('5145550123')).toBe('(514) 555-0123');
    expect(phoneDigits('+1 (514) 555-0123')).toBe('5145550123');
    expect(phoneDigits('514-555-01234567')).toBe('5145550123');
  });
});

describe('the form kit', () => {
  it('labels fields from their names and shows the contract message on the field, in the language', async () => {
    const submit = vi.fn(async () => ({}));
    const { user } = await renderUi(<Form submit={submit} />, { lang: 'fr' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const title = screen.getByLabelText(/Titre \(français\)/);
    await waitFor(() => expect(title.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Le titre est obligatoire')).toBeTruthy();
    expect(submit).not.toHaveBeenCalled();
  });

  it('formats the phone as typed and submits its digits', async () => {
    const submit = vi.fn(async () => ({}));
    const { user } = await renderUi(<Form submit={submit} />);
    await user.type(screen.getByLabelText('Title (French)', { exact: false }), 'Fête');
    const phone = screen.getByLabelText('Phone') as HTMLInputElement;
    await user.type(phone, '5145550123');
    expect(phone.value).toBe('(514) 555-0123');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(submit).toHaveBeenCalledWith({ titleFr: 'Fête', phoneNumber: '5145550123' }));
  });

  it('puts server field errors on their fields and global as the form message', async () => {
    const submit = vi.fn(async () => {
      throw new ApiError(400, { phoneNumber: 'Numéro refusé', global: 'Champs manquants', other: 'Autre' });
    });
    const { user } = await renderUi(<Form submit={submit} />);
    await user.type(screen.getByLabelText('Title (French)', { exact: false }), 'x');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Champs manquants Autre');
    expect(screen.getByLabelText('Phone').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Numéro refusé')).toBeTruthy();
  });

  it('offers times in 15-minute steps within limits', async () => {
    await renderUi(<TimeForm />);
    const options = [...(screen.getByLabelText('Start time') as HTMLSelectElement).options].map((o) => o.value);
    expect(options).toEqual(['09:30', '09:45', '10:00', '10:15', '10:30', '10:45', '11:00']);
  });

  it('binds a contract schema as it is (contact form)', async () => {
    const { user } = await renderUi(<Contact />);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Subject and message are required')).toBeTruthy();
  });
});

/** A form whose schema is imported with its first check (the event form's way). */
function LazyForm({
  loadSchema,
  submit,
}: {
  loadSchema: () => Promise<typeof schema>;
  submit: (values: z.output<typeof schema>) => Promise<unknown>;
}) {
  const { form, onSubmit, formMessage, warmValidation } = useContractForm({
    loadSchema,
    defaultValues: { titleFr: '', phoneNumber: '' },
    submit,
  });
  return (
    <ContractFormView form={form} onSubmit={onSubmit} formMessage={formMessage} onFocus={warmValidation}>
      <TextField name="titleFr" required />
      <button type="submit">Save</button>
    </ContractFormView>
  );
}

describe('a form whose schema loads with its first check', () => {
  it('loads nothing until the form is used, then loads the schema once at the first focus', async () => {
    const loadSchema = vi.fn(async () => schema);
    const submit = vi.fn(async () => ({}));
    const { user } = await renderUi(<LazyForm loadSchema={loadSchema} submit={submit} />);
    expect(loadSchema).not.toHaveBeenCalled();
    await user.click(screen.getByLabelText(/Title \(French\)/));
    expect(loadSchema).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Title is required')).toBeTruthy();
    await user.type(screen.getByLabelText(/Title \(French\)/), ' Fête ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    // The schema's own transforms apply (trim): the values sent are the schema's output.
    await waitFor(() => expect(submit).toHaveBeenCalledWith({ titleFr: 'Fête', phoneNumber: '' }));
    expect(loadSchema).toHaveBeenCalledTimes(1);
  });

  it('checks with the schema on a submit with no focus before', async () => {
    const loadSchema = vi.fn(async () => schema);
    const submit = vi.fn(async () => ({}));
    await renderUi(<LazyForm loadSchema={loadSchema} submit={submit} />);
    screen.getByRole('button', { name: 'Save' }).closest('form')?.requestSubmit();
    expect(await screen.findByText('Title is required')).toBeTruthy();
    expect(submit).not.toHaveBeenCalled();
  });

  it('says the service is unavailable when the schema cannot be loaded, and tries again on the next submit', async () => {
    let online = false;
    const loadSchema = vi.fn(async () => {
      if (!online) throw new TypeError('Failed to fetch dynamically imported module');
      return schema;
    });
    const submit = vi.fn(async () => ({}));
    const { user } = await renderUi(<LazyForm loadSchema={loadSchema} submit={submit} />, { lang: 'fr' });
    await user.type(screen.getByLabelText(/Titre \(français\)/), 'Fête');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Le service est temporairement indisponible. Veuillez réessayer.',
    );
    expect(submit).not.toHaveBeenCalled();
    // What was typed is kept.
    expect((screen.getByLabelText(/Titre \(français\)/) as HTMLInputElement).value).toBe('Fête');
    online = true;
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(submit).toHaveBeenCalledWith({ titleFr: 'Fête', phoneNumber: '' }));
  });
});
