/** POST /connected/globals/upload (spec section 7): multipart `file` and `folder`, answers url and path. */

import { errorBodySchema } from '@evmap/contract/errors';
import { uploadBodySchema, uploadResponseSchema } from '@evmap/contract/forms';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../plugins/auth';
import { acceptMultipartForms } from './multipart-body';
import { presentUpload } from './uploads.presenter';
import { consumeUploadQuota, imageQueue, uploadImage } from './uploads.service';

export const uploadsRoutes: FastifyPluginAsyncZod = async (app) => {
  await acceptMultipartForms(app, app.config.uploadMaxBytes);
  const imageSlot = imageQueue(app.config.imageConcurrency, app.config.imageQueue);
  const deps = { db: app.db, storage: app.storage, rateLimiter: app.rateLimiter, imageSlot };

  app.post(
    '/connected/globals/upload',
    {
      // A pending organisation (email not verified) is sent to verification by the web app: refused here too.
      onRequest: [app.requireVerifiedUser, async (request) => consumeUploadQuota(app, userOf(request))],
      schema: {
        tags: ['globals'],
        consumes: ['multipart/form-data'],
        body: uploadBodySchema,
        // 403: a folder the user may not write to; 503: too many images being processed at once.
        response: { 200: uploadResponseSchema, 403: errorBodySchema, 429: errorBodySchema, 503: errorBodySchema },
      },
    },
    async (request) => presentUpload(await uploadImage(deps, userOf(request), request.body)),
  );
};
