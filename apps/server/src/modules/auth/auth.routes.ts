/**
 * /api/auth: csrf-token, login, register, logout, me. Login and register are rate limited per
 * IP, and failed password checks per email (429 + Retry-After), against password guessing; the
 * counters live in the database, shared by every instance (docs/decisions/0002).
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
import { failedPasswordSubject, reserveOrRefuse, signInLimiters } from '../../lib/attempt-limiter';
import { issueCsrfToken } from '../../lib/csrf';
import { clearSessionCookie, endSession, startSession } from '../../lib/session';
import { presentUser } from '../users/users.presenters';
import { findUserByEmail } from '../users/users.service';
import { assertMaySignIn, registerShopper, verifyCredentials } from './auth.service';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const limits = signInLimiters(deps);

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
      config: { access: { public: true, limited: true } },
      schema: { tags: ['auth'], body: loginSchema, response: { 200: authResponseSchema } },
    },
    async (request, reply) => {
      const { email } = request.body; // trimmed and lower-cased by the schema
      await reserveOrRefuse(limits.loginsPerIp, request.ip);
      // Reserved before the (slow) password check, so parallel guesses cannot all get through;
      // given back when the password is right, so only wrong passwords count against an email
      // (from this address: decisions/0002).
      const account = await findUserByEmail(deps.db, email);
      const subject = failedPasswordSubject(account, email, request.ip);
      await reserveOrRefuse(limits.failedPasswords, subject);
      const user = await verifyCredentials(account, request.body);
      await limits.failedPasswords.release(subject);
      await assertMaySignIn(deps.db, user);
      if (request.auth) await endSession(deps, request.auth.sessionTokenHash);
      await startSession(deps, reply, user.id);
      return { success: true as const, data: presentUser(user) };
    },
  );

  app.post(
    '/register',
    {
      config: { access: { public: true, limited: true } },
      schema: { tags: ['auth'], body: registerSchema, response: { 201: authResponseSchema } },
    },
    async (request, reply) => {
      await reserveOrRefuse(limits.registrationsPerIp, request.ip);
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
