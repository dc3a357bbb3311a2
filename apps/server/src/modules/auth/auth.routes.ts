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
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { tooManyRequests } from '../../lib/errors';
import { issueCsrfToken } from '../../lib/csrf';
import { clearSessionCookie, endSession, startSession } from '../../lib/session';
import { presentUser } from '../users/users.service';
import { authenticate, registerShopper } from './auth.service';

const TOO_MANY = 'Too many attempts. Please wait and try again.';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const { windowMs, loginPerIp, registerPerIp, failedLoginsPerEmail } = deps.config.authRateLimit;

  const loginIpLimit = app.createRateLimit({
    max: loginPerIp,
    timeWindow: windowMs,
    keyGenerator: (r) => `login:${r.ip}`,
  });
  const registerIpLimit = app.createRateLimit({
    max: registerPerIp,
    timeWindow: windowMs,
    keyGenerator: (r) => `register:${r.ip}`,
  });
  const failedLoginLimit = app.createRateLimit({
    max: failedLoginsPerEmail,
    timeWindow: windowMs,
    keyGenerator: (r) => `login-failed:${(r.body as { email: string }).email}`,
  });

  /**
   * Counts this request (or, with `increment: false`, only looks) and refuses once the window's
   * budget is spent. `isAllowed` in the plugin's answer means allow-listed, not under the limit.
   */
  async function enforce(limit: typeof loginIpLimit, request: FastifyRequest, increment = true) {
    const result = await limit(request, { increment });
    if (result.isAllowed) return;
    const spent = increment ? result.isExceeded : result.remaining === 0;
    if (spent) throw tooManyRequests(TOO_MANY, result.ttlInSeconds);
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
      await enforce(loginIpLimit, request);
      // Only look: a correct password is never refused because others guessed wrong before.
      await enforce(failedLoginLimit, request, false);
      try {
        const user = await authenticate(deps.db, request.body);
        if (request.auth) await endSession(deps, request.auth.sessionTokenHash);
        await startSession(deps, reply, user.id);
        return { success: true as const, data: presentUser(user) };
      } catch (error) {
        await failedLoginLimit(request);
        throw error;
      }
    },
  );

  app.post(
    '/register',
    {
      config: { access: { public: true } },
      schema: { tags: ['auth'], body: registerSchema, response: { 201: authResponseSchema } },
    },
    async (request, reply) => {
      await enforce(registerIpLimit, request);
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
