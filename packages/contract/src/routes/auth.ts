/** Sign-in, sign-up and passwords (public), and the signed-in email verification calls (spec section 7). */
import {
  changePasswordByTokenSchema,
  forgotPasswordSchema,
  loginSchema,
  signupSchema,
  verifyEmailSchema,
} from '../auth';
import { errorBodySchema } from '../errors';
import { noContentSchema } from '../responses';
import { authResponseSchema, userResponseSchema } from '../users';
import { route } from './route';

const tags = ['auth'];

export const authRoutes = {
  login: route({
    method: 'POST',
    path: '/public/auth/login',
    tags,
    body: loginSchema,
    response: { 200: authResponseSchema, 403: errorBodySchema, 429: errorBodySchema },
  }),
  signup: route({
    method: 'PUT',
    path: '/public/auth/signup',
    tags,
    body: signupSchema,
    response: { 200: authResponseSchema, 409: errorBodySchema, 429: errorBodySchema },
  }),
  forgotPassword: route({
    method: 'POST',
    path: '/public/auth/forgot-pwd',
    tags,
    body: forgotPasswordSchema,
    response: { 204: noContentSchema, 429: errorBodySchema },
  }),
  changePassword: route({
    method: 'PUT',
    path: '/public/auth/change-pwd',
    tags,
    body: changePasswordByTokenSchema,
    response: { 200: authResponseSchema, 403: errorBodySchema, 429: errorBodySchema },
  }),
  resendCode: route({
    method: 'POST',
    path: '/connected/auth/resend-code',
    tags,
    response: { 204: noContentSchema, 429: errorBodySchema },
  }),
  cancelUnverifiedEmail: route({
    method: 'DELETE',
    path: '/connected/auth/unverified-email',
    tags,
    response: { 200: userResponseSchema, 403: errorBodySchema },
  }),
  verifyEmail: route({
    method: 'POST',
    path: '/connected/auth/verify-email',
    tags,
    body: verifyEmailSchema,
    response: { 200: userResponseSchema, 409: errorBodySchema, 429: errorBodySchema },
  }),
};
