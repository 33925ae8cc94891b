/**
 * The invoice as a PDF (pdfkit, standard fonts): seller, number, date, the customer's business name and billing
 * address as frozen on the invoice, line items, each tax with its name and rate, and the total, in the
 * customer's language.
 */
import { formatMoney, formatTaxRate } from '@evmap/contract/billing';
import { billingDay, PDF_LABELS, taxLabel } from './billing-texts';
import type { InvoiceRow } from './invoices.repository';

/** The standard PDF fonts only know WinAnsi: anything else is replaced, never garbled. */
const pdfText = (value: string | null | undefined) =>
  (value ?? '')
    .replace(/[\u00a0\u202f]/g, ' ')
    .replace(/[^\x20-\x7e\xa0-\xff\u2013\u2014\u2018\u2019\u201c\u201d\u2026\u20ac]/gu, '?');

/** The seller: its name and addresses, and its tax registration numbers (printed when set). */
export type Seller = { name: string; email: string; website: string; gstHstNumber?: string; qstNumber?: string };

export async function renderInvoicePdf(invoice: InvoiceRow, seller: Seller): Promise<Buffer> {
  // Loaded when the first invoice is drawn: pdfkit and its fonts are about 7 MB of every instance's heap otherwise.
  const { default: PDFDocument } = await import('pdfkit');
  const lang = invoice.billing.lang === 'fr' ? 'fr' : 'en';
  const labels = PDF_LABELS[lang];
  // French typography: a space before the colon, a decimal comma.
  const colon = lang === 'fr' ? ' : ' : ': ';
  const rate = (value: number) => (lang === 'fr' ? formatTaxRate(value).replace('.', ',') : formatTaxRate(value));
  const money = (cents: number) => pdfText(formatMoney(cents, invoice.currency, lang === 'fr' ? 'fr-CA' : 'en-CA'));
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 50,
    info: { Title: `${labels.invoice} ${invoice.number}`, Author: seller.name },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = 50;
  const right = doc.page.width - 50;
  const width = right - left;

  doc.font('Helvetica-Bold').fontSize(20).text(pdfText(seller.name), left, 50);
  doc.font('Helvetica').fontSize(9).fillColor('#555').text(pdfText(seller.email)).text(pdfText(seller.website));
  doc.fillColor('#000').font('Helvetica-Bold').fontSize(16).text(labels.invoice, left, 50, { width, align: 'right' });
  doc.font('Helvetica').fontSize(10);
  doc.text(`${labels.number}${colon}${invoice.number}`, { width, align: 'right' });
  doc.text(`${labels.date}${colon}${billingDay(invoice.createdAt)}`, { width, align: 'right' });
  doc.text(`${labels.status}${colon}${invoice.status === 'paid' ? labels.paid : pdfText(invoice.status)}`, {
    width,
    align: 'right',
  });

  const billing = invoice.billing;
  doc.moveDown(3);
  doc.font('Helvetica-Bold').fontSize(11).text(labels.billedTo, left);
  doc.font('Helvetica').fontSize(10);
  const place = [billing.city, billing.state, billing.zipcode].filter(Boolean).join(' ');
  for (const line of [billing.name, billing.address, place, billing.country, billing.email]) {
    if (line) doc.text(pdfText(line));
  }

  // Line items
  const columns = { description: left, quantity: left + 290, unit: left + 340, amount: left + 420 };
  const row = (cells: [string, string, string, string], bold = false) => {
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
    doc.text(cells[0], columns.description, y, { width: 280 });
    const end = doc.y;
    doc.text(cells[1], columns.quantity, y, { width: 40, align: 'right' });
    doc.text(cells[2], columns.unit, y, { width: 70, align: 'right' });
    doc.text(cells[3], columns.amount, y, { width: right - columns.amount, align: 'right' });
    doc.y = Math.max(end, doc.y) + 4;
  };
  doc.moveDown(2);
  row([labels.description, labels.quantity, labels.unitPrice, labels.amount], true);
  doc.moveTo(left, doc.y).lineTo(right, doc.y).stroke();
  doc.y += 6;
  for (const line of invoice.lines) {
    row([pdfText(line.description), String(line.quantity), money(line.unitAmount), money(line.amount)]);
  }
  doc.moveTo(left, doc.y).lineTo(right, doc.y).stroke();
  doc.y += 6;

  // Totals
  const total = (label: string, amount: number, bold = false) => {
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(bold ? 12 : 10);
    doc.text(label, columns.quantity - 60, y, { width: 190, align: 'right' });
    doc.text(money(amount), columns.amount, y, { width: right - columns.amount, align: 'right' });
    doc.y += 4;
  };
  total(labels.subtotal, invoice.subtotal);
  for (const tax of invoice.taxes) total(`${taxLabel(lang, tax.name)} (${rate(tax.rate)} %)`, tax.amount);
  total(`${labels.total} (${invoice.currency.toUpperCase()})`, invoice.total, true);

  // The seller's registration numbers, with the tax lines (required for the buyer's input tax credits).
  const registrations = [
    seller.gstHstNumber ? `${labels.gstHstNumber}${colon}${pdfText(seller.gstHstNumber)}` : undefined,
    seller.qstNumber ? `${labels.qstNumber}${colon}${pdfText(seller.qstNumber)}` : undefined,
  ].filter((line): line is string => line !== undefined);
  if (registrations.length > 0) {
    doc.moveDown(0.5);
    doc.font('Helvetica').fontSize(9);
    for (const line of registrations) doc.text(line, left, doc.y, { width, align: 'right' });
  }

  doc.moveDown(3);
  doc.font('Helvetica').fontSize(8).fillColor('#555').text(labels.currency, left, doc.y, { width });
  if (invoice.providerRef) doc.text(`${labels.reference}${colon}${pdfText(invoice.providerRef)}`, { width });
  doc.end();
  return done;
}
