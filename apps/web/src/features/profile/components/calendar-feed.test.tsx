// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '@/test/render';
import { CalendarFeed } from './calendar-feed';

describe('your calendar feed', () => {
  it('lists the feed addresses with copy buttons and links to the public page', async () => {
    const { user } = await renderUi(<CalendarFeed organisation={{ id: 7, handle: 'salle-du-plateau' }} />);
    const section = screen.getByRole('region', { name: 'Your calendar feed' });
    const origin = window.location.origin;
    expect(within(section).getByText(`${origin}/api/v1/public/organisations/7/feed.ics?lang=en`)).toBeTruthy();
    await user.click(within(section).getByRole('button', { name: 'Copy the address (Calendar (iCalendar, .ics))' }));
    expect(await navigator.clipboard.readText()).toBe(`${origin}/api/v1/public/organisations/7/feed.ics?lang=en`);
    await user.click(within(section).getByRole('button', { name: 'Copy the address (RSS feed)' }));
    expect(await navigator.clipboard.readText()).toBe(`${origin}/api/v1/public/organisations/7/feed.rss?lang=en`);
    expect(within(section).getByRole('link', { name: 'See your public page' }).getAttribute('href')).toBe(
      '/organisations/salle-du-plateau',
    );
    await user.click(within(section).getByRole('button', { name: 'Subscribe to events' }));
    const dialog = await screen.findByRole('dialog', { name: 'Subscribe to these events' });
    expect(within(dialog).getByText("Your organisation's upcoming events.")).toBeTruthy();
    expect(within(dialog).getByLabelText('Calendar address (iCalendar)')).toHaveProperty(
      'value',
      `${origin}/api/v1/public/organisations/7/feed.ics?lang=en`,
    );
  });

  it('speaks French, and says when there is no public page yet', async () => {
    await renderUi(<CalendarFeed organisation={{ id: 7 }} />, { lang: 'fr' });
    const section = screen.getByRole('region', { name: "Votre flux d'agenda" });
    expect(within(section).getByRole('button', { name: "Copier l'adresse (Flux RSS)" })).toBeTruthy();
    expect(within(section).getByText(/feed\.ics\?lang=fr$/)).toBeTruthy();
    expect(within(section).queryByRole('link')).toBeNull();
    expect(within(section).getByText(/Votre page publique apparaît/)).toBeTruthy();
  });
});
