import { idParamSchema } from '@duka/shared/api/errors.schemas';
import { successResponseSchema } from '@duka/shared/auth/auth.schemas';
import {
  changePasswordSchema,
  createUserSchema,
  deleteUserResponseSchema,
  profileSchema,
  updateUserSchema,
  userListResponseSchema,
  userResponseSchema,
} from '@duka/shared/users/users.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth, requireStoreId } from '../../lib/access.plugin';
import { signInLimiters } from '../../lib/attempt-limiter';
import {
  changePassword,
  createUser,
  deleteUser,
  getManagedUser,
  listUsers,
  updateProfile,
  updateUser,
} from './users.service';
import { presentUser } from './users.presenters';

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const { failedPasswords } = signInLimiters(app.deps);
  const manage = { capability: 'users:manage', store: true } as const;

  // The signed-in person's own account. Declared before /:id so 'profile' is never an id.
  app.put(
    '/profile',
    {
      config: { access: { capability: 'profile:manage' } },
      schema: { tags: ['users'], body: profileSchema, response: { 200: userResponseSchema } },
    },
    async (request) => {
      const row = await updateProfile(db, requireAuth(request).user, request.body);
      return { success: true as const, data: presentUser(row) };
    },
  );

  app.post(
    '/change-password',
    {
      config: { access: { capability: 'profile:manage', limited: true } },
      schema: {
        tags: ['users'],
        body: changePasswordSchema,
        response: { 200: successResponseSchema },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      await changePassword(
        db,
        failedPasswords,
        auth.user,
        auth.sessionTokenHash,
        request.body,
        request.ip,
      );
      return { success: true as const };
    },
  );

  app.get(
    '/',
    {
      config: { access: manage },
      schema: { tags: ['users'], response: { 200: userListResponseSchema } },
    },
    async (request) => {
      const rows = await listUsers(db, requireAuth(request).user, requireStoreId(request));
      return { data: rows.map(presentUser) };
    },
  );

  app.get(
    '/:id',
    {
      config: { access: manage },
      schema: { tags: ['users'], params: idParamSchema, response: { 200: userResponseSchema } },
    },
    async (request) => {
      const row = await getManagedUser(
        db,
        requireAuth(request).user,
        requireStoreId(request),
        request.params.id,
      );
      return { success: true as const, data: presentUser(row) };
    },
  );

  app.post(
    '/',
    {
      // A new super_admin belongs to no store, so a super_admin may create one without choosing.
      config: { access: { capability: 'users:manage', store: 'optional' } },
      schema: { tags: ['users'], body: createUserSchema, response: { 201: userResponseSchema } },
    },
    async (request, reply) => {
      const row = await createUser(db, requireAuth(request).user, request.storeId, request.body);
      return reply.status(201).send({ success: true as const, data: presentUser(row) });
    },
  );

  app.put(
    '/:id',
    {
      config: { access: manage },
      schema: {
        tags: ['users'],
        params: idParamSchema,
        body: updateUserSchema,
        response: { 200: userResponseSchema },
      },
    },
    async (request) => {
      const row = await updateUser(
        db,
        requireAuth(request).user,
        requireStoreId(request),
        request.params.id,
        request.body,
      );
      return { success: true as const, data: presentUser(row) };
    },
  );

  app.delete(
    '/:id',
    {
      config: { access: manage },
      schema: {
        tags: ['users'],
        params: idParamSchema,
        response: { 200: deleteUserResponseSchema },
      },
    },
    async (request) => {
      const archived = await deleteUser(
        db,
        requireAuth(request).user,
        requireStoreId(request),
        request.params.id,
      );
      return { success: true as const, archived };
    },
  );
};
