/** POST /connected/globals/upload (spec section 7): multipart `file` and `folder`, answers url and path. */

import { globalsRoutes } from '@evmap/contract/routes/globals';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOf } from '../../lib/route-table';
import { userOf } from '../../plugins/auth';
import { acceptMultipartForms } from './multipart-body';
import { presentUpload } from './uploads.presenter';
import { consumeUploadQuota, imageQueue, uploadImage } from './uploads.service';

export const uploadsRoutes: FastifyPluginAsyncZod = async (app) => {
  await acceptMultipartForms(app, app.config.uploadMaxBytes);
  const imageSlot = imageQueue(app.config.imageConcurrency, app.config.imageQueue);
  const deps = { db: app.db, storage: app.storage, rateLimiter: app.rateLimiter, imageSlot };

  app.route({
    ...routeOf(globalsRoutes.upload),
    // A pending organisation (email not verified) is sent to verification by the web app: refused here too.
    onRequest: [app.requireVerifiedUser, async (request) => consumeUploadQuota(app, userOf(request))],
    handler: async (request) => presentUpload(await uploadImage(deps, userOf(request), request.body)),
  });
};
