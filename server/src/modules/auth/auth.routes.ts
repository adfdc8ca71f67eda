import type {} from '@fastify/multipart';
import {
  changeLangBodySchema,
  changePasswordBodySchema,
  changeProfilePicResponseSchema,
  departmentOfUserResponseSchema,
  emptyBodySchema,
  loginBodySchema,
  loginResponseSchema,
  okSchema,
  PROFILE_PIC_MAX_BYTES,
  PROFILE_PIC_TOO_LARGE,
  profileResponseSchema,
  updateProfileBodySchema,
  userPrefResponseSchema,
  validateResponseSchema,
} from '@kreechat/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clearCookie, principalOf, SESSION_COOKIE, setSessionCookie } from '../../platform/access';
import { AppError, ValidationError } from '../../platform/errors';
import type { AuthService } from './auth.service';

/** Per-IP ceiling for the unauthenticated account calls: generous, so a whole office behind one address still works. */
export const PER_IP_LIMIT = { max: 100, timeWindow: '1 minute' } as const;

export const authRoutes =
  (auth: AuthService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/auth/login',
      {
        config: { access: 'public', rateLimit: PER_IP_LIMIT },
        schema: { tags: ['session'], body: loginBodySchema, response: { 200: loginResponseSchema } },
      },
      async (request, reply) => {
        const { session, response } = await auth.login(request.body, {
          userAgent: request.headers['user-agent'],
          ip: request.ip,
        });
        setSessionCookie(request, reply, session.token, session.expiresAt);
        return response;
      },
    );

    // A POST with a JSON body, so the same-origin and body-type rules (platform/http.ts) apply: a cross-site link
    // or form cannot end someone's session.
    app.post(
      '/auth/logout',
      {
        config: { access: 'public' },
        schema: { tags: ['session'], body: emptyBodySchema, response: { 200: okSchema } },
      },
      async (request, reply) => {
        await auth.logout(request.cookies[SESSION_COOKIE]);
        clearCookie(request, reply, SESSION_COOKIE);
        return { message: 'Logged out' };
      },
    );

    app.get(
      '/auth/validate',
      { config: { access: 'public' }, schema: { tags: ['session'], response: { 200: validateResponseSchema } } },
      async (request, reply) => {
        const result = await auth.validate(request.principal);
        // The cookie's own expiry follows the sliding session, so a browser never drops a live session.
        if (request.principal && result.status === 'valid') {
          setSessionCookie(request, reply, request.cookies[SESSION_COOKIE]!, request.principal.expiresAt);
        }
        return result;
      },
    );

    app.get(
      '/auth/get-user-pref',
      { config: { access: 'member' }, schema: { tags: ['session'], response: { 200: userPrefResponseSchema } } },
      async (request) => ({ lang: auth.languageOf(principalOf(request)) }),
    );

    app.get(
      '/auth/profile',
      { config: { access: 'member' }, schema: { tags: ['session'], response: { 200: profileResponseSchema } } },
      async (request) => auth.profile(principalOf(request)),
    );

    app.get(
      '/auth/department',
      {
        config: { access: 'member' },
        schema: { tags: ['session'], response: { 200: departmentOfUserResponseSchema } },
      },
      async (request) => auth.department(principalOf(request)),
    );

    app.post(
      '/auth/update-profile',
      {
        config: { access: 'member' },
        schema: { tags: ['session'], body: updateProfileBodySchema, response: { 200: okSchema } },
      },
      async (request, reply) => {
        await auth.updateProfile(principalOf(request), request.body);
        clearCookie(request, reply, SESSION_COOKIE);
        return { message: 'Profile updated. Log in again.' };
      },
    );

    app.post(
      '/auth/change-password',
      {
        config: { access: 'member' },
        schema: { tags: ['session'], body: changePasswordBodySchema, response: { 200: okSchema } },
      },
      async (request, reply) => {
        await auth.changePassword(principalOf(request), request.body);
        clearCookie(request, reply, SESSION_COOKIE);
        return { message: 'Password changed. Log in again.' };
      },
    );

    app.post(
      '/auth/change-profile-pic',
      {
        config: { access: 'member' },
        schema: {
          tags: ['session'],
          consumes: ['multipart/form-data'],
          response: { 200: changeProfilePicResponseSchema },
        },
      },
      async (request) => {
        if (!request.isMultipart()) throw new ValidationError('Send the picture as multipart/form-data');
        let bytes: Buffer | undefined;
        try {
          for await (const part of request.parts({ limits: { fileSize: PROFILE_PIC_MAX_BYTES, files: 1 } })) {
            if (part.type !== 'file') continue;
            // Every file part must be read to its end, or the request never finishes.
            const read = await part.toBuffer();
            if (part.fieldname === 'file') bytes = read;
          }
        } catch (error) {
          if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
            throw new AppError(413, PROFILE_PIC_TOO_LARGE);
          throw error;
        }
        if (!bytes || bytes.length === 0) throw new ValidationError('No picture was chosen');
        const { profilePic } = await auth.changeProfilePic(principalOf(request), bytes);
        return { message: 'Profile picture changed', profilePic };
      },
    );

    app.post(
      '/auth/change-lang',
      {
        config: { access: 'member' },
        schema: { tags: ['session'], body: changeLangBodySchema, response: { 200: okSchema } },
      },
      async (request) => {
        await auth.changeLanguage(principalOf(request), request.body.lang);
        return { message: 'Language changed' };
      },
    );
  };
