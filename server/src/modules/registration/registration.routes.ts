import {
  codeSentResponseSchema,
  emailBodySchema,
  loginResponseSchema,
  okSchema,
  precheckBodySchema,
  registerCompanyBodySchema,
  resetPasswordBodySchema,
  verifyEmailCodeBodySchema,
} from '@kreechat/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PER_IP_LIMIT } from '../auth';
import { setSessionCookie } from '../../platform/access';
import type { RegistrationService } from './registration.service';
import { VERIFICATION_SESSION_TTL_MS } from './verification.service';

export const VERIFY_COOKIE = 'kc_verify';

function setVerifyCookie(request: FastifyRequest, reply: FastifyReply, secret: string) {
  reply.setCookie(VERIFY_COOKIE, secret, {
    path: '/api',
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    maxAge: VERIFICATION_SESSION_TTL_MS / 1000,
  });
}

const limited = { access: 'public', rateLimit: PER_IP_LIMIT } as const;

export const registrationRoutes =
  (registration: RegistrationService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/precheck',
      { config: limited, schema: { tags: ['registration'], body: precheckBodySchema, response: { 200: okSchema } } },
      // The schema checks the form, and that is all this step tells: whether the address has an account is said
      // to no one but its owner, by mail (sendRegistrationCode).
      async () => ({ message: 'ok' }),
    );

    app.post(
      '/send-email-verification',
      {
        config: limited,
        schema: { tags: ['registration'], body: emailBodySchema, response: { 200: codeSentResponseSchema } },
      },
      async (request, reply) => {
        const { secret, devMailbox } = await registration.sendRegistrationCode(
          request.body.email,
          request.cookies[VERIFY_COOKIE],
          request.ip,
        );
        setVerifyCookie(request, reply, secret);
        return { message: 'Verification code sent', devMailbox };
      },
    );

    app.post(
      '/verify-email-code',
      {
        config: limited,
        schema: { tags: ['registration'], body: verifyEmailCodeBodySchema, response: { 200: okSchema } },
      },
      async (request) => {
        const { email, code, isPasswordReset } = request.body;
        await registration.verifyCode(
          isPasswordReset ? 'reset' : 'register',
          email,
          code,
          request.cookies[VERIFY_COOKIE],
          request.ip,
        );
        return { message: 'Code verified' };
      },
    );

    app.post(
      '/register-company-kreechat',
      {
        config: limited,
        schema: { tags: ['registration'], body: registerCompanyBodySchema, response: { 200: loginResponseSchema } },
      },
      // Answers as login does, with the new admin's session cookie: registration ends signed in.
      async (request, reply) => {
        const { session, response } = await registration.registerCompany(
          request.body.data,
          request.cookies[VERIFY_COOKIE],
          { userAgent: request.headers['user-agent'], ip: request.ip },
        );
        reply.clearCookie(VERIFY_COOKIE, { path: '/api' });
        setSessionCookie(request, reply, session.token, session.expiresAt);
        return response;
      },
    );

    app.post(
      '/send-reset-password-code',
      {
        config: limited,
        schema: { tags: ['registration'], body: emailBodySchema, response: { 200: codeSentResponseSchema } },
      },
      async (request, reply) => {
        const { secret, devMailbox } = await registration.sendResetCode(
          request.body.email,
          request.cookies[VERIFY_COOKIE],
          request.ip,
        );
        setVerifyCookie(request, reply, secret);
        return { message: 'If an account exists for this address, a reset code has been sent', devMailbox };
      },
    );

    app.post(
      '/auth/reset-password',
      {
        config: limited,
        schema: { tags: ['registration'], body: resetPasswordBodySchema, response: { 200: okSchema } },
      },
      async (request, reply) => {
        await registration.resetPassword(request.body, request.cookies[VERIFY_COOKIE]);
        reply.clearCookie(VERIFY_COOKIE, { path: '/api' });
        return { message: 'Password successfully reset!' };
      },
    );
  };
