/** Invoices: the user's list with signed PDF links, and the PDF itself for its owner and administrators. */

import type { Invoice } from '@evmap/contract/billing';
import { INVOICES_LIST_LIMIT } from '@evmap/contract/billing';
import type { FastifyInstance } from 'fastify';
import { forbidden, notFound, unauthorized } from '../../errors';
import type { UserRow } from '../../plugins/auth';
import { findUserById } from '../users/users.repository';
import { readInvoiceLink, signInvoiceLink } from './invoice-links';
import { renderInvoicePdf } from './invoice-pdf';
import { findInvoice, type InvoiceRow, listInvoices } from './invoices.repository';

type InvoiceDeps = Pick<FastifyInstance, 'db' | 'config'>;

/** The address of an invoice's PDF, signed for `viewer`. */
export function invoicePdfUrl(deps: InvoiceDeps, invoice: Pick<InvoiceRow, 'id'>, viewer: UserRow): string {
  const token = signInvoiceLink(deps.config.jwtSecret, {
    invoiceId: invoice.id,
    userId: viewer.id,
    tokenVersion: viewer.tokenVersion,
  });
  return `${deps.config.appUrl}/api/v1/invoices/${invoice.id}/pdf?token=${token}`;
}

/** GET /connected/me/invoices: newest first, the last INVOICES_LIST_LIMIT. */
export async function listMyInvoices(deps: InvoiceDeps, user: UserRow): Promise<Invoice[]> {
  const rows = await listInvoices(deps.db, user.id, INVOICES_LIST_LIMIT);
  return rows.map((row) => ({
    id: row.id,
    number: row.number,
    total: row.total,
    currency: row.currency,
    created: row.createdAt.toISOString(),
    invoice_pdf: invoicePdfUrl(deps, row, user),
  }));
}

/**
 * Who opens the PDF: the user named by a genuine, unexpired link token for this invoice (403 when the token is
 * for another invoice), else the bearer-token user; 401 without either or with a bad one.
 */
export async function invoiceViewer(
  deps: InvoiceDeps,
  invoiceId: number,
  token: string | undefined,
  bearerUser: () => Promise<UserRow>,
): Promise<UserRow> {
  if (token === undefined) return bearerUser();
  const claims = readInvoiceLink(deps.config.jwtSecret, token);
  if (!claims) throw unauthorized('tokenInvalid');
  if (claims.invoiceId !== invoiceId) throw forbidden();
  const user = await findUserById(deps.db, claims.userId);
  if (!user || user.deletedAt || user.tokenVersion !== claims.tokenVersion) throw unauthorized('tokenInvalid');
  return user;
}

/** GET /invoices/:id/pdf: the owner and administrators only. */
export async function invoicePdf(
  deps: InvoiceDeps,
  viewer: UserRow,
  invoiceId: number,
): Promise<{ number: string; pdf: Buffer }> {
  const invoice = await findInvoice(deps.db, invoiceId);
  if (!invoice) throw notFound();
  if (invoice.userId !== viewer.id && !viewer.isAdmin) throw forbidden();
  const pdf = await renderInvoicePdf(invoice, {
    name: 'EventMap',
    email: deps.config.contactEmail,
    website: deps.config.appUrl,
    gstHstNumber: deps.config.taxNumbers.gstHst,
    qstNumber: deps.config.taxNumbers.qst,
  });
  return { number: invoice.number, pdf };
}
