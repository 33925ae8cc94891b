/**
 * GET /invoices/:id/pdf: the invoice PDF for its owner and administrators. The `invoice_pdf` links of
 * GET /connected/me/invoices carry a signed one-hour token (?token=), since the browser opens them directly;
 * a bearer token works too. 401 without either (or with a bad or expired one), 403 for anybody else.
 */
import { errorBodySchema } from '@evmap/contract/errors';
import { fileAnswer } from '@evmap/contract/responses';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userOf } from '../../plugins/auth';
import { BEARER_SECURITY } from '../../plugins/openapi';
import { idParamsSchema } from '../events/owner-events.routes';
import { invoicePdf, invoiceViewer } from './invoices.service';

export const invoiceDownloadRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/invoices/:id/pdf',
    {
      schema: {
        tags: ['billing'],
        params: idParamsSchema,
        querystring: z.object({ token: z.string().max(200).optional() }),
        // A bearer token, or the signed token of the link.
        security: [...BEARER_SECURITY, { signedLink: [] }],
        response: { 200: fileAnswer('application/pdf', 'The invoice as a PDF file'), 403: errorBodySchema },
      },
    },
    async (request, reply) => {
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
  );
};
