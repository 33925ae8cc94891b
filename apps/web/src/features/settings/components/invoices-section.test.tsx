// @vitest-environment happy-dom
import type { Invoice } from '@evmap/contract/billing';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderUi } from '@/test/render';
import { InvoicesSection } from './invoices-section';

const invoice: Invoice = {
  id: 12,
  number: 'EVM-2026-12',
  total: 4598,
  currency: 'cad',
  created: '2026-03-14T15:00:00.000Z',
  invoice_pdf: 'http://127.0.0.1:3000/api/v1/invoices/12/pdf?token=12.7.0.1773500400.signature',
};

function invoicesApi(invoices: Invoice[]) {
  return mockApi(({ method, path }) => {
    if (method === 'GET' && path === '/connected/me/invoices') return { body: { invoices } };
    throw new Error(`unexpected call ${method} ${path}`);
  });
}

/** Spaces as Intl writes them (no-break and narrow no-break) made plain, to compare. */
const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

afterEach(() => vi.unstubAllGlobals());

describe('the invoices', () => {
  it('list number, date, total in en-CA and a PDF link opening the signed link in a new tab', async () => {
    invoicesApi([
      invoice,
      { ...invoice, id: 11, number: 'EVM-2026-11', total: 3999, created: '2026-02-14T15:00:00.000Z' },
    ]);
    await renderUi(<InvoicesSection />);
    const table = await screen.findByRole('table', { name: 'Your invoices, newest first' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const cells = within(rows[0]!)
      .getAllByRole('cell')
      .map((cell) => plain(cell.textContent));
    expect(within(rows[0]!).getByRole('rowheader').textContent).toBe('EVM-2026-12');
    expect(cells).toEqual(['March 14, 2026', '$45.98', 'PDF']);
    expect(plain(within(rows[1]!).getAllByRole('cell')[1]?.textContent)).toBe('$39.99');

    const link = within(rows[0]!).getByRole('link', { name: 'PDF of invoice EVM-2026-12 (opens in a new tab)' });
    expect(link.getAttribute('href')).toBe(invoice.invoice_pdf);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
  });

  it('in French: the total in fr-CA and the date in French', async () => {
    invoicesApi([invoice]);
    await renderUi(<InvoicesSection />, { lang: 'fr' });
    const table = await screen.findByRole('table', { name: 'Vos factures, de la plus récente à la plus ancienne' });
    const cells = within(table)
      .getAllByRole('cell')
      .map((cell) => plain(cell.textContent));
    expect(cells).toEqual(['14 mars 2026', '45,98 $', 'PDF']);
    expect(within(table).getByRole('link', { name: /^PDF de la facture EVM-2026-12/ })).toBeTruthy();
  });

  it('say so when there is none yet', async () => {
    invoicesApi([]);
    await renderUi(<InvoicesSection />);
    expect(await screen.findByText('No invoice yet. An invoice is issued after each payment.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
