/** POST /connected/globals/upload (spec section 7): multipart `file` and `folder`, answers url and path. */
import { uploadBodySchema, uploadResponseSchema } from '@evmap/contract/forms';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../plugins/auth';
import { acceptMultipartForms } from './multipart-body';
import { presentUpload } from './uploads.presenter';
import { consumeUploadQuota, uploadImage } from './uploads.service';

export const uploadsRoutes: FastifyPluginAsyncZod = async (app) => {
  await acceptMultipartForms(app, app.config.uploadMaxBytes);

  app.post(
    '/connected/globals/upload',
    {
      onRequest: [app.requireUser, async (request) => consumeUploadQuota(app, userOf(request))],
      schema: {
        tags: ['globals'],
        consumes: ['multipart/form-data'],
        body: uploadBodySchema,
        response: { 200: uploadResponseSchema },
      },
    },
    async (request) => presentUpload(await uploadImage(app, userOf(request), request.body)),
  );
};
