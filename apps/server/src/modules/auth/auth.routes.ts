/**
 * /api/auth: csrf-token, login, register, logout, me. Login and register are rate limited per
 * IP, and failed logins per email (429 + Retry-After), against password guessing.
 */
import {
  authResponseSchema,
  csrfTokenResponseSchema,
  loginSchema,
  meResponseSchema,
  registerSchema,
  successResponseSchema,
} from '@duka/shared/auth/auth.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AttemptLimiter } from '../../lib/attempt-limiter';
import { tooManyRequests } from '../../lib/errors';
import { issueCsrfToken } from '../../lib/csrf';
import { clearSessionCookie, endSession, startSession } from '../../lib/session';
import { presentUser } from '../users/users.service';
import { authenticate, registerShopper } from './auth.service';

const TOO_MANY = 'Too many attempts. Please wait and try again.';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const { windowMs, loginPerIp, registerPerIp, failedLoginsPerEmail } = deps.config.authRateLimit;
  const limiter = (max: number) => new AttemptLimiter({ max, windowMs, clock: deps.clock });
  const loginsPerIp = limiter(loginPerIp);
  const registrationsPerIp = limiter(registerPerIp);
  const failedLoginsByEmail = limiter(failedLoginsPerEmail);

  function reserve(counter: AttemptLimiter, key: string) {
    const reservation = counter.reserve(key);
    if (!reservation.allowed) throw tooManyRequests(TOO_MANY, reservation.retryAfterSeconds);
  }

  app.get(
    '/csrf-token',
    {
      config: { access: { public: true } },
      schema: { tags: ['auth'], response: { 200: csrfTokenResponseSchema } },
    },
    async (request, reply) => ({ token: issueCsrfToken(deps, request, reply) }),
  );

  app.post(
    '/login',
    {
      config: { access: { public: true } },
      schema: { tags: ['auth'], body: loginSchema, response: { 200: authResponseSchema } },
    },
    async (request, reply) => {
      reserve(loginsPerIp, request.ip);
      // Reserved before the (slow) password check, so parallel guesses cannot all get through;
      // given back on success, so only failures count against an email.
      reserve(failedLoginsByEmail, request.body.email);
      const user = await authenticate(deps.db, request.body);
      failedLoginsByEmail.release(request.body.email);
      if (request.auth) await endSession(deps, request.auth.sessionTokenHash);
      await startSession(deps, reply, user.id);
      return { success: true as const, data: presentUser(user) };
    },
  );

  app.post(
    '/register',
    {
      config: { access: { public: true } },
      schema: { tags: ['auth'], body: registerSchema, response: { 201: authResponseSchema } },
    },
    async (request, reply) => {
      reserve(registrationsPerIp, request.ip);
      const user = await registerShopper(deps.db, request.body);
      if (request.auth) await endSession(deps, request.auth.sessionTokenHash);
      await startSession(deps, reply, user.id);
      return reply.status(201).send({ success: true as const, data: presentUser(user) });
    },
  );

  app.post(
    '/logout',
    {
      config: { access: { public: true } },
      schema: { tags: ['auth'], response: { 200: successResponseSchema } },
    },
    async (request, reply) => {
      if (request.auth) await endSession(deps, request.auth.sessionTokenHash);
      clearSessionCookie(reply);
      return { success: true as const };
    },
  );

  app.get(
    '/me',
    {
      config: { access: { public: true } },
      schema: { tags: ['auth'], response: { 200: meResponseSchema } },
    },
    async (request) =>
      request.auth
        ? { authenticated: true, data: presentUser(request.auth.user) }
        : { authenticated: false, data: null },
  );
};
