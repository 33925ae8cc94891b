/**
 * GET /invoices/:id/pdf: the invoice PDF for its owner and administrators. The `invoice_pdf` links of
 * GET /connected/me/invoices carry a signed one-hour token (?token=), since the browser opens them directly;
 * a bearer token works too. 401 without either (or with a bad or expired one), 403 for anybody else.
 */
import { billingRoutes } from '@evmap/contract/routes/billing';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOf } from '../../lib/route-table';
import { userOf } from '../../plugins/auth';
import { invoicePdf, invoiceViewer } from './invoices.service';

export const invoiceDownloadRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(billingRoutes.invoicePdf),
    handler: async (request, reply) => {
      const viewer = await invoiceViewer(app, request.params.id, request.query.token, async () => {
        await app.requireUser(request, reply);
        return userOf(request);
      });
      const { number, pdf } = await invoicePdf(app, viewer, request.params.id);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${number}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  });
};
