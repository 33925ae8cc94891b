// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { reportError } from '@/lib/error-reporting';
import { mockApi, renderUi } from '@/test/render';
import { ContractFormView } from './contract-form';
import { ImageUploadField } from './image-upload-field';
import { useContractForm } from './use-contract-form';

vi.mock('@/lib/error-reporting', () => ({ reportError: vi.fn() }));

const image = z.object({ imagePath: z.string(), imageUrl: z.string() });
const listSchema = z.object({ images: z.array(image) });
const singleSchema = z.object({ avatar: image.nullable() });

function ListForm({ submit, max }: { submit: (values: unknown) => Promise<unknown>; max?: number }) {
  const { form, onSubmit, formMessage } = useContractForm({
    schema: listSchema,
    defaultValues: { images: [] },
    submit,
  });
  return (
    <ContractFormView form={form} onSubmit={onSubmit} formMessage={formMessage}>
      <ImageUploadField name="images" folder="events" multiple max={max} />
      <button type="submit">Save</button>
    </ContractFormView>
  );
}

function AvatarForm({ submit }: { submit: (values: unknown) => Promise<unknown> }) {
  const { form, onSubmit, formMessage } = useContractForm({
    schema: singleSchema,
    defaultValues: { avatar: null },
    submit,
  });
  return (
    <ContractFormView form={form} onSubmit={onSubmit} formMessage={formMessage}>
      <ImageUploadField name="avatar" label="Photo" folder="users" />
      <button type="submit">Save</button>
    </ContractFormView>
  );
}

const png = (name: string) => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' });

/** Answers each upload with the next stored image: `events/img-1`, `events/img-2`... */
function mockUploads() {
  let count = 0;
  return mockApi(({ method, path }) => {
    if (method === 'POST' && path === '/connected/globals/upload') {
      count += 1;
      return { body: { path: `events/img-${count}`, url: `/uploads/events/img-${count}/1440.jpg` } };
    }
    return { status: 404, body: { errors: { global: 'Not found' } } };
  });
}

const stored = (n: number) => ({ imagePath: `events/img-${n}`, imageUrl: `/uploads/events/img-${n}/1440.jpg` });

const altsShown = () => screen.queryAllByRole('img').map((img) => img.getAttribute('src'));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(reportError).mockClear();
});

describe('ImageUploadField', () => {
  it('uploads a png as multipart form data, shows it as the cover and holds [{ imagePath, imageUrl }]', async () => {
    const calls = mockUploads();
    const submit = vi.fn(async () => ({}));
    const { user } = await renderUi(<ListForm submit={submit} />);
    const input = screen.getByLabelText('Images') as HTMLInputElement;
    expect(input.type).toBe('file');
    expect(input.accept).toBe('image/jpeg,image/png');

    await user.upload(input, png('poster.png'));
    const preview = await screen.findByRole('img', { name: 'Image 1' });
    expect(preview.getAttribute('src')).toBe('/uploads/events/img-1/1440.jpg');
    expect(screen.getByText('Cover')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('1 of 10 images');

    const body = calls[0]?.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(body.get('folder')).toBe('events');
    expect((body.get('file') as File).name).toBe('poster.png');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(submit).toHaveBeenCalledWith({ images: [stored(1)] }));
  });

  it('refuses another type with the catalogue message and sends nothing', async () => {
    const calls = mockUploads();
    await renderUi(<ListForm submit={async () => ({})} />);
    // The input's accept attribute would filter the file out before the field sees it.
    const user = userEvent.setup({ applyAccept: false });
    const input = screen.getByLabelText('Images');
    await user.upload(input, new File(['GIF89a'], 'anim.gif', { type: 'image/gif' }));
    expect(await screen.findByText('Only JPEG and PNG images are accepted')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(calls).toHaveLength(0);
    expect(screen.queryAllByRole('img')).toHaveLength(0);
  });

  it('reorders and removes images, keeping focus on the moved image', async () => {
    mockUploads();
    const submit = vi.fn(async () => ({}));
    const { user } = await renderUi(<ListForm submit={submit} />);
    await user.upload(screen.getByLabelText('Images'), [png('a.png'), png('b.png'), png('c.png')]);
    await screen.findByRole('img', { name: 'Image 3' });
    expect(altsShown()).toEqual([1, 2, 3].map((n) => stored(n).imageUrl));
    expect(screen.getByRole('button', { name: 'Move image 1 earlier' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Move image 3 later' })).toHaveProperty('disabled', true);

    await user.click(screen.getByRole('button', { name: 'Move image 3 earlier' }));
    expect(altsShown()).toEqual([1, 3, 2].map((n) => stored(n).imageUrl));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move image 2 earlier' })),
    );

    await user.click(screen.getByRole('button', { name: 'Move image 1 later' }));
    expect(altsShown()).toEqual([3, 1, 2].map((n) => stored(n).imageUrl));

    await user.click(screen.getByRole('button', { name: 'Remove image 2' }));
    expect(altsShown()).toEqual([3, 2].map((n) => stored(n).imageUrl));

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(submit).toHaveBeenCalledWith({ images: [stored(3), stored(2)] }));
  });

  it('uploads no more than max images and says so', async () => {
    const calls = mockUploads();
    const { user } = await renderUi(<ListForm submit={async () => ({})} max={2} />);
    const input = screen.getByLabelText('Images') as HTMLInputElement;
    await user.upload(input, [png('a.png'), png('b.png'), png('c.png')]);
    await screen.findByRole('img', { name: 'Image 2' });
    expect(calls).toHaveLength(2);
    expect(screen.getByText('You can add up to 2 images.')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('2 of 2 images');
    expect(input.disabled).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Remove image 1' }));
    expect(input.disabled).toBe(false);
    expect(screen.queryByText('You can add up to 2 images.')).toBeNull();
  });

  it('shows the upload in progress, then the preview', async () => {
    let answer: (response: Response) => void = () => {};
    vi.stubGlobal('fetch', () => new Promise<Response>((resolve) => (answer = resolve)));
    const { user } = await renderUi(<ListForm submit={async () => ({})} />);
    await user.upload(screen.getByLabelText('Images'), png('a.png'));
    expect(screen.getByRole('status').textContent).toBe('Uploading…');
    answer(new Response(JSON.stringify({ path: 'events/x', url: '/uploads/events/x/1440.jpg' }), { status: 200 }));
    expect(await screen.findByRole('img', { name: 'Image 1' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('1 of 10 images');
  });

  it('reports a failed upload and shows nothing but the end of the upload', async () => {
    mockApi(() => ({ status: 500, body: { errors: { global: 'Internal error' } } }));
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = await renderUi(<ListForm submit={async () => ({})} />);
    await user.upload(screen.getByLabelText('Images'), png('a.png'));
    await waitFor(() => expect(reportError).toHaveBeenCalledTimes(1));
    expect(logged).toHaveBeenCalled();
    expect(screen.getByRole('status').textContent).toBe('0 of 10 images');
    expect(screen.queryByText('Internal error')).toBeNull();
    expect(screen.queryAllByRole('img')).toHaveLength(0);
    logged.mockRestore();
  });

  it('says why the server refused the file itself (too large), without reporting it', async () => {
    mockApi(() => ({ status: 413, body: { errors: { global: 'The file is too large (10 MB at most)' } } }));
    const { user } = await renderUi(<ListForm submit={async () => ({})} />);
    await user.upload(screen.getByLabelText('Images'), png('a.png'));
    expect(await screen.findByText('The file is too large (10 MB at most)')).toBeTruthy();
    expect(reportError).not.toHaveBeenCalled();
  });

  it('holds one image or null without `multiple`, a new upload replacing it', async () => {
    const calls = mockUploads();
    const submit = vi.fn(async () => ({}));
    const { user } = await renderUi(<AvatarForm submit={submit} />);
    const input = screen.getByLabelText('Photo');
    await user.upload(input, png('me.png'));
    await screen.findByRole('img', { name: 'Image 1' });
    expect((calls[0]?.body as FormData | undefined)?.get('folder')).toBe('users');
    expect(screen.queryByText('Cover')).toBeNull();
    await user.upload(input, png('me-again.png'));
    await waitFor(() => expect(altsShown()).toEqual([stored(2).imageUrl]));

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(submit).toHaveBeenCalledWith({ avatar: stored(2) }));
    await user.click(screen.getByRole('button', { name: 'Remove image 1' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(submit).toHaveBeenLastCalledWith({ avatar: null }));
  });

  it('speaks French', async () => {
    mockUploads();
    const { user } = await renderUi(<ListForm submit={async () => ({})} />, { lang: 'fr' });
    expect(screen.getByText('Ajouter des images')).toBeTruthy();
    await user.upload(screen.getByLabelText('Images'), [png('a.png'), png('b.png')]);
    const list = await screen.findByRole('list');
    await within(list).findByRole('img', { name: 'Image 2' });
    expect(within(list).getByText('Couverture')).toBeTruthy();
    expect(screen.getByRole('button', { name: "Placer l'image 2 avant la précédente" })).toBeTruthy();
    expect(screen.getByRole('button', { name: "Retirer l'image 1" })).toBeTruthy();
  });

  it('opens the file chooser on Enter as well as on Space (issue 27, item 10)', async () => {
    const submit = vi.fn(async () => ({}));
    const { user } = await renderUi(<ListForm submit={submit} />);
    const input = screen.getByLabelText('Add images') as HTMLInputElement;
    const opened = vi.spyOn(input, 'click').mockImplementation(() => {});
    input.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(opened).toHaveBeenCalledTimes(1));
    // Enter chose files; it did not submit the form.
    expect(submit).not.toHaveBeenCalled();
  });
});
