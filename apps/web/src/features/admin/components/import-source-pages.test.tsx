// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/lib/toast';
import { testUser } from '@/test/fixtures';
import { testRun, testSource } from '@/test/import-fixtures';
import { mockApi, renderUi } from '@/test/render';
import { ImportSourceCreatePage } from './import-source-create-page';
import { ImportSourcePage } from './import-source-page';

vi.mock('@/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), show: vi.fn() } }));

const globals = {
  categories: [
    { id: 1, handle: 'business', titleFr: 'Affaires', titleEn: 'Business' },
    { id: 2, handle: 'music', titleFr: 'Musique', titleEn: 'Music' },
  ],
  map: { tileUrl: 'https://tiles.test/{z}/{x}/{y}.png', tileAttribution: 'Tiles' },
  places: { source: 'geonames' },
};
const manager = testUser({ id: 7, name: 'Ville de Montréal', email: 'ville@example.ca', type: 'event-manager' });

/** Answers the globals and the event-manager search; `rest` answers the rest. */
function api(rest: (call: { method: string; path: string; body: unknown }) => { status?: number; body?: unknown }) {
  return mockApi((call) => {
    if (call.path === '/public/globals') return { body: globals };
    if (call.method === 'GET' && call.path.startsWith('/connected/admin/users?')) {
      return { body: { users: [manager], pagination: { page: 1, limit: 100, totalCount: 1, totalPages: 1 } } };
    }
    return rest(call);
  });
}

const create = (lang: 'en' | 'fr' = 'en') =>
  renderUi(<ImportSourceCreatePage />, { lang, path: '/profile/admin/sources/create' });

beforeEach(() => {
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
});

describe('adding a source', () => {
  it('shows every rule on its field and sends nothing: empty name, URL and owner', async () => {
    const calls = api(() => ({ status: 500 }));
    const { user } = await create();
    await user.click(screen.getByRole('button', { name: 'Add the source' }));
    expect(await screen.findByText('The field Name is required')).toBeTruthy();
    expect(screen.getByText('The field URL is required')).toBeTruthy();
    expect(screen.getByText('The field Organisation (owner of the events) is required')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('refuses a URL that is not http or https, and a half-filled mapping row, in French', async () => {
    const calls = api(() => ({ status: 500 }));
    const { user } = await create('fr');
    await user.type(screen.getByLabelText(/^Nom/), 'Agenda');
    await user.type(screen.getByLabelText(/^URL/), 'ftp://example.ca/agenda.ics');
    await user.click(screen.getByRole('button', { name: 'Ajouter une catégorie' }));
    await user.type(screen.getByLabelText('Catégorie de la source 1'), 'Concert');
    await user.click(screen.getByRole('button', { name: 'Ajouter la source' }));
    expect(await screen.findByText("Le champ URL n'est pas valide")).toBeTruthy();
    expect(screen.getByText('Le champ Devient (ligne 1) est obligatoire')).toBeTruthy();
    expect(screen.queryByText(/Le champ Nom/)).toBeNull();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('sends the source with its owner, category, mapping and credit, then opens its page', async () => {
    const calls = api(({ method, body }) =>
      method === 'POST'
        ? { status: 201, body: { source: testSource({ id: 12, ...(body as object), lastRun: null }) } }
        : { status: 404, body: { errors: { global: 'Not found' } } },
    );
    const { user, router } = await create();
    await user.type(screen.getByLabelText(/^Name/), '  Maison de la culture ');
    await user.selectOptions(screen.getByLabelText('Kind'), 'montreal-csv');
    await user.type(screen.getByLabelText(/^URL/), 'https://donnees.montreal.ca/evenements.csv');
    await user.selectOptions(screen.getByLabelText('Schedule'), 'hourly');
    await user.selectOptions(screen.getByLabelText('Language of its texts'), 'en');
    await user.click(screen.getByRole('combobox', { name: 'Organisation (owner of the events)' }));
    await user.type(screen.getByRole('combobox', { name: 'Organisation (owner of the events)' }), 'ville');
    await user.click(await screen.findByRole('option', { name: 'Ville de Montréal (ville@example.ca)', hidden: true }));
    await user.selectOptions(screen.getByLabelText('Default category'), '1');
    await user.click(screen.getByRole('button', { name: 'Add a category' }));
    await user.type(screen.getByLabelText('Source category 1'), 'Concert');
    await user.selectOptions(screen.getByLabelText('Becomes (row 1)'), '2');
    await user.type(screen.getByLabelText('Licence'), 'CC BY 4.0');
    await user.type(screen.getByLabelText('Attribution'), 'Ville de Montréal');
    await user.click(screen.getByLabelText('Publish the events at once'));
    await user.click(screen.getByRole('button', { name: 'Add the source' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/admin/sources/12'));
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.path).toBe('/connected/admin/sources');
    expect(post?.body).toEqual({
      name: 'Maison de la culture',
      kind: 'montreal-csv',
      url: 'https://donnees.montreal.ca/evenements.csv',
      schedule: 'hourly',
      language: 'en',
      ownerId: 7,
      defaultCategoryId: 1,
      categoryMapping: { Concert: 2 },
      licence: 'CC BY 4.0',
      attribution: 'Ville de Montréal',
      publishAtOnce: true,
      paused: false,
    });
    expect(toast.success).toHaveBeenCalledWith('The source “Maison de la culture” is added.');
  });

  it("shows the API's refusals on their fields", async () => {
    api(({ method }) =>
      method === 'POST'
        ? { status: 400, body: { errors: { ownerId: 'The field ownerId is not valid', global: 'Check the form' } } }
        : { status: 404 },
    );
    const { user } = await create();
    await user.type(screen.getByLabelText(/^Name/), 'Agenda');
    await user.type(screen.getByLabelText(/^URL/), 'https://example.ca/a.ics');
    await user.click(screen.getByRole('combobox', { name: 'Organisation (owner of the events)' }));
    await user.click(await screen.findByRole('option', { name: 'Ville de Montréal (ville@example.ca)', hidden: true }));
    await user.click(screen.getByRole('button', { name: 'Add the source' }));
    expect(await screen.findByText('The field ownerId is not valid')).toBeTruthy();
    expect(screen.getByText('Check the form')).toBeTruthy();
  });
});

describe("a source's page", () => {
  const route = '/profile/admin/sources/:sourceId';

  it('shows its last runs with counts, errors and rejected records, and runs it now', async () => {
    const failed = testRun({
      id: 2,
      status: 'failed',
      counts: { created: 0, updated: 0, unchanged: 0, removed: 0, rejected: 0, linked: 0 },
      error: 'The feed is not iCalendar',
      rejections: [],
    });
    let ran = false;
    const calls = api(({ method, path }) => {
      if (path === '/connected/admin/sources/3') return { body: { source: testSource() } };
      if (method === 'GET' && path === '/connected/admin/sources/3/runs') {
        return { body: { runs: ran ? [testRun({ id: 3 }), failed, testRun()] : [failed, testRun()] } };
      }
      if (method === 'POST' && path === '/connected/admin/sources/3/runs') {
        ran = true;
        return { body: { run: testRun({ id: 3 }) } };
      }
      return { status: 404 };
    });
    const { user } = await renderUi(<ImportSourcePage />, { path: '/profile/admin/sources/3', route });
    expect(await screen.findByRole('heading', { name: 'Maison de la culture', level: 1 })).toBeTruthy();
    const runs = await screen.findAllByRole('article');
    expect(runs).toHaveLength(2);
    expect(within(runs[0]!).getByText('Failed')).toBeTruthy();
    expect(within(runs[0]!).getByText('The feed is not iCalendar')).toBeTruthy();
    expect(within(runs[1]!).getByText('2 rejected records')).toBeTruthy();
    expect(within(runs[1]!).getByText('uid-9: No start date')).toBeTruthy();
    expect(within(runs[1]!).getByText('No title')).toBeTruthy();
    const created = within(runs[1]!).getByText('New').nextElementSibling;
    expect(created?.textContent).toBe('3');

    await user.click(screen.getByRole('button', { name: 'Run now' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(3));
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      '/connected/admin/sources/3/runs',
    ]);
    expect(toast.success).toHaveBeenCalledWith(
      '“Maison de la culture” ran: 3 new · 1 updated · 0 unchanged · 0 removed · 2 rejected.',
    );
  });

  it('starts the form from the source and saves it whole, in French', async () => {
    const calls = api(({ method, path, body }) => {
      if (path === '/connected/admin/sources/3/runs') return { body: { runs: [] } };
      if (method === 'PUT') return { body: { source: testSource({ ...(body as object) }) } };
      return { body: { source: testSource() } };
    });
    const { user } = await renderUi(<ImportSourcePage />, { lang: 'fr', path: '/profile/admin/sources/3', route });
    expect(await screen.findByText("Cette source n'a pas encore été exécutée.")).toBeTruthy();
    const name = screen.getByLabelText(/^Nom/) as HTMLInputElement;
    expect(name.value).toBe('Maison de la culture');
    expect((screen.getByLabelText('Catégorie de la source 1') as HTMLInputElement).value).toBe('Concert');
    await user.clear(name);
    await user.type(name, 'Maison de la culture Frontenac');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      name: 'Maison de la culture Frontenac',
      kind: 'icalendar',
      url: 'https://example.ca/agenda.ics',
      schedule: 'daily',
      language: 'fr',
      ownerId: 7,
      defaultCategoryId: 2,
      categoryMapping: { Concert: 2 },
      licence: 'CC BY 4.0',
      attribution: 'Ville de Montréal',
      publishAtOnce: false,
      paused: false,
    });
  });
  it('deletes the source after a confirmation and goes back to the list', async () => {
    let deleted = false;
    const calls = api(({ method, path }) => {
      if (method === 'DELETE') {
        deleted = true;
        return { status: 204 };
      }
      if (deleted) return { status: 404, body: { errors: { global: 'Not found' } } };
      if (path === '/connected/admin/sources/3/runs') return { body: { runs: [] } };
      return { body: { source: testSource() } };
    });
    const { user, router } = await renderUi(<ImportSourcePage />, { path: '/profile/admin/sources/3', route });
    await screen.findByRole('heading', { name: 'Maison de la culture', level: 1 });
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this source?' });
    expect(dialog.textContent).toContain('“Maison de la culture” stops, and its events leave the map');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/admin/sources'));
    expect(calls.find((call) => call.method === 'DELETE')?.path).toBe('/connected/admin/sources/3');
    expect(toast.success).toHaveBeenCalledWith('The source “Maison de la culture” is deleted.');
    expect(toast.error).not.toHaveBeenCalled();
  });
  it('shows a run under way as such, in French', async () => {
    const running = testRun({ id: 4, status: 'running', finishedAt: null, rejections: [] });
    api(({ path }) => {
      if (path === '/connected/admin/sources/3/runs') return { body: { runs: [running, testRun()] } };
      return { body: { source: testSource({ lastRun: running }) } };
    });
    await renderUi(<ImportSourcePage />, { lang: 'fr', path: '/profile/admin/sources/3', route });
    // Once the source is loaded (its loader, a status too, is gone).
    await screen.findByRole('heading', { name: 'Maison de la culture', level: 1 });
    expect(await screen.findByRole('status')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Une exécution est en cours…');
    const runs = await screen.findAllByRole('article');
    expect(within(runs[0]!).getByText('En cours')).toBeTruthy();
    expect(within(runs[0]!).queryByText('Nouveaux')).toBeNull();
    expect((screen.getByRole('button', { name: 'Exécuter maintenant' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("tells the API's refusal of Run now", async () => {
    api(({ method, path }) => {
      if (method === 'POST') return { status: 409, body: { errors: { global: 'A run is already in progress' } } };
      if (path === '/connected/admin/sources/3/runs') return { body: { runs: [] } };
      return { body: { source: testSource() } };
    });
    const { user } = await renderUi(<ImportSourcePage />, { path: '/profile/admin/sources/3', route });
    await screen.findByRole('heading', { name: 'Maison de la culture', level: 1 });
    await user.click(screen.getByRole('button', { name: 'Run now' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('A run is already in progress'));
  });
});
