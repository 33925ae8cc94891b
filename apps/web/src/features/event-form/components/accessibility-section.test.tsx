// @vitest-environment happy-dom
/** The event form's accessibility fieldset (issue 24): labelled controls, values read back and sent, API errors. */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useSession } from '@/lib/session';
import { testEvent, testUser } from '@/test/fixtures';
import { mockApi, renderUi } from '@/test/render';
import { EventEditor } from './event-editor';

const globals = {
  categories: [{ id: 1, handle: 'business', titleFr: 'Affaires', titleEn: 'Business' }],
  map: { tileUrl: 'https://tiles.test/{z}/{x}/{y}.png', tileAttribution: 'Tiles' },
  places: { source: 'geonames' },
};

afterEach(() => {
  useSession.setState({ status: 'anonymous', user: null });
  localStorage.clear();
});

const event = testEvent({
  id: 5,
  titleFr: 'Concert',
  titleEn: 'Concert',
  dates: [{ startDate: '2099-05-01 19:00:00', endDate: '2099-05-01 21:00:00' }],
  accessibility: { stepFree: 'partly', features: ['asl'], noteFr: 'Rampe à gauche', noteEn: 'Rampe à gauche' },
});

describe('the accessibility fieldset', () => {
  it('shows what is saved with visible labels, and sends the ticked attributes in the list order', async () => {
    useSession.setState({ status: 'signed-in', user: testUser({ planType: 'complete' }) });
    const calls = mockApi(({ method, path, body }) => {
      if (path === '/public/globals') return { body: globals };
      if (method === 'PUT') return { body: { event: { ...event, ...(body as object) } } };
      return { status: 404 };
    });
    const { user } = await renderUi(<EventEditor event={event} />);
    const section = await screen.findByRole('region', { name: 'Accessibility' });
    const stepFree = within(section).getByRole('radiogroup', { name: 'Step-free entrance' });
    for (const choice of ['Not said', 'Yes', 'Partly', 'No']) {
      expect(within(stepFree).getByRole('radio', { name: choice })).toBeTruthy();
    }
    expect((within(stepFree).getByRole('radio', { name: 'Partly' }) as HTMLInputElement).checked).toBe(true);
    const asl = within(section).getByRole('checkbox', { name: 'ASL interpretation' }) as HTMLInputElement;
    expect(asl.checked).toBe(true);
    for (const name of [
      'Accessible washroom',
      'LSQ interpretation',
      'Live captioning (CART)',
      'Assistive listening',
      'Relaxed or sensory-friendly',
      'Service animals welcome',
      'Free entry for a companion',
    ]) {
      expect((within(section).getByRole('checkbox', { name }) as HTMLInputElement).checked).toBe(false);
    }
    expect((within(section).getByLabelText('Accessibility note (French)') as HTMLTextAreaElement).value).toBe(
      'Rampe à gauche',
    );
    // The English note fell back to the French one: the field is empty.
    const english = within(section).getByLabelText('Accessibility note (English)') as HTMLTextAreaElement;
    expect(english.value).toBe('');

    await user.click(within(stepFree).getByRole('radio', { name: 'Yes' }));
    await user.click(within(section).getByRole('checkbox', { name: 'Service animals welcome' }));
    await user.click(within(section).getByRole('checkbox', { name: 'Accessible washroom' }));
    await user.type(english, 'Ramp on the left');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
      accessibility: {
        stepFree: 'yes',
        features: ['washroom', 'asl', 'serviceAnimals'],
        noteFr: 'Rampe à gauche',
        noteEn: 'Ramp on the left',
      },
    });
  });

  it('sends "not said" as null, and shows the API’s message on the note, in French', async () => {
    useSession.setState({ status: 'signed-in', user: testUser({ planType: 'complete' }) });
    const calls = mockApi(({ method, path }) => {
      if (path === '/public/globals') return { body: globals };
      if (method === 'PUT') {
        return {
          status: 400,
          body: { errors: { 'accessibility.noteFr': 'Le champ doit être inférieur ou égal à 500' } },
        };
      }
      return { status: 404 };
    });
    const { user } = await renderUi(<EventEditor event={event} />, { lang: 'fr' });
    const section = await screen.findByRole('region', { name: 'Accessibilité' });
    const stepFree = within(section).getByRole('radiogroup', { name: 'Entrée sans marche' });
    await user.click(within(stepFree).getByRole('radio', { name: 'Non précisé' }));
    await user.click(within(section).getByRole('checkbox', { name: 'Interprétation en ASL' }));
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
      accessibility: { stepFree: null, features: [], noteFr: 'Rampe à gauche' },
    });
    const note = within(section).getByLabelText('Note sur l’accessibilité (français)');
    await waitFor(() => expect(note.getAttribute('aria-invalid')).toBe('true'));
    expect(section.textContent).toContain('Le champ doit être inférieur ou égal à 500');
  });
});
