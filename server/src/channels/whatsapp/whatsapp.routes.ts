import type {} from '@fastify/multipart';
import {
  businessProfileSchema,
  messageResponseSchema,
  sendWhatsAppTemplateBodySchema,
  whatsAppWindowSchema,
  connectWhatsAppNumberBodySchema,
  editBusinessProfileFieldsSchema,
  PROFILE_PICTURE_MAX_BYTES,
  PROFILE_PICTURE_TYPES,
  setupWhatsAppBodySchema,
  setupWhatsAppResponseSchema,
  setupWhatsAppWebhookBodySchema,
  submitWhatsAppTemplateBodySchema,
  togglePhoneNumberWebhookBodySchema,
  togglePhoneNumberWebhookResponseSchema,
  whatsAppConnectedSchema,
  whatsAppPhoneNumbersSchema,
  whatsAppSetupInfoSchema,
  whatsAppTemplateSchema,
  whatsAppTemplatesSchema,
} from '@kreechat/contract';
import { fileTypeFromBuffer } from 'file-type';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../platform/access';
import { ValidationError } from '../../platform/errors';
import type { ProfilePicture } from './whatsapp.setup';
import type { WhatsAppChannel } from './whatsapp.channel';

/** SPEC §7's WhatsApp calls (admins), and Meta's webhook (verified by its signature, not by a session). */
export const whatsappRoutes =
  (whatsapp: WhatsAppChannel): FastifyPluginAsyncZod =>
  async (app) => {
    const { setup } = whatsapp;
    const admin = { config: { access: 'admin' as const } };

    app.get(
      '/whatsapp-setup',
      { ...admin, schema: { tags: ['whatsapp'], response: { 200: whatsAppSetupInfoSchema } } },
      async (request) => setup.info(principalOf(request).companyId),
    );

    app.post(
      '/setup-whatsapp',
      {
        ...admin,
        schema: { tags: ['whatsapp'], body: setupWhatsAppBodySchema, response: { 200: setupWhatsAppResponseSchema } },
      },
      async (request) => setup.exchangeCode(principalOf(request), request.body.token),
    );

    app.post(
      '/setup-whatsapp-webhook',
      {
        ...admin,
        schema: {
          tags: ['whatsapp'],
          body: setupWhatsAppWebhookBodySchema,
          response: { 200: whatsAppConnectedSchema },
        },
      },
      async (request) => setup.completeSignup(principalOf(request), request.body.business_data),
    );

    app.post(
      '/connect-whatsapp-number',
      {
        ...admin,
        schema: {
          tags: ['whatsapp'],
          body: connectWhatsAppNumberBodySchema,
          response: { 200: whatsAppConnectedSchema },
        },
      },
      async (request) => setup.connectManually(principalOf(request), request.body),
    );

    app.get(
      '/whatsapp-phone-numbers',
      { ...admin, schema: { tags: ['whatsapp'], response: { 200: whatsAppPhoneNumbersSchema } } },
      async (request) => setup.phoneNumbers(principalOf(request)),
    );

    app.post(
      '/toggle-phone-number-webhook',
      {
        ...admin,
        schema: {
          tags: ['whatsapp'],
          body: togglePhoneNumberWebhookBodySchema,
          response: { 200: togglePhoneNumberWebhookResponseSchema },
        },
      },
      async (request) => setup.toggleWebhook(principalOf(request), request.body.phoneNumberId),
    );

    app.get(
      '/:phoneid/get-business-profile',
      {
        ...admin,
        schema: {
          tags: ['whatsapp'],
          params: z.object({ phoneid: z.string().regex(/^\d{1,32}$/, { message: 'Unknown phone number id' }) }),
          response: { 200: businessProfileSchema },
        },
      },
      async (request) => setup.profile(principalOf(request), request.params.phoneid),
    );

    app.post(
      '/edit-whatsapp-profile',
      {
        ...admin,
        schema: {
          tags: ['whatsapp'],
          consumes: ['multipart/form-data'],
          response: { 200: z.object({ status: z.literal('ok') }) },
        },
      },
      async (request) => {
        if (!request.isMultipart()) throw new ValidationError('Send the profile as multipart/form-data');
        const fields: Record<string, string> = {};
        let picture: ProfilePicture | undefined;
        for await (const part of request.parts({ limits: { fileSize: PROFILE_PICTURE_MAX_BYTES, files: 1 } })) {
          if (part.type === 'file') {
            const bytes = await part.toBuffer();
            if (bytes.length === 0) continue;
            // Typed by its bytes, not its name (ARCHITECTURE §6): Meta takes JPEG and PNG.
            const type = await fileTypeFromBuffer(bytes);
            if (!type || !(PROFILE_PICTURE_TYPES as readonly string[]).includes(type.mime)) {
              throw new ValidationError('The profile picture must be a JPEG or PNG image');
            }
            picture = { bytes, mimeType: type.mime, name: part.filename || `profile.${type.ext}` };
          } else fields[part.fieldname] = String(part.value);
        }
        const parsed = editBusinessProfileFieldsSchema.safeParse(fields);
        if (!parsed.success) throw new ValidationError(parsed.error.issues[0]?.message ?? 'Invalid fields');
        return setup.editProfile(principalOf(request), parsed.data, picture);
      },
    );

    app.get(
      '/whatsapp-templates',
      { ...admin, schema: { tags: ['whatsapp'], response: { 200: whatsAppTemplatesSchema } } },
      async (request) => setup.templates(principalOf(request)),
    );

    app.post(
      '/submit-whatsapp-template',
      {
        ...admin,
        schema: {
          tags: ['whatsapp'],
          body: submitWhatsAppTemplateBodySchema,
          response: { 200: whatsAppTemplateSchema },
        },
      },
      async (request) => setup.submitTemplate(principalOf(request), request.body),
    );

    app.get(
      '/:ticketid/whatsapp-window',
      {
        config: { access: 'member' },
        schema: {
          tags: ['whatsapp'],
          params: z.object({ ticketid: z.string().uuid() }),
          response: { 200: whatsAppWindowSchema },
        },
      },
      async (request) => whatsapp.window.window(principalOf(request), request.params.ticketid),
    );

    app.post(
      '/send-whatsapp-template',
      {
        config: { access: 'member' },
        schema: { tags: ['whatsapp'], body: sendWhatsAppTemplateBodySchema, response: { 200: messageResponseSchema } },
      },
      async (request) => ({ message: await whatsapp.window.sendTemplate(principalOf(request), request.body) }),
    );

    // Meta's webhook. Its body is kept as bytes: the signature is over exactly what Meta sent (it escapes
    // non-ASCII as \uXXXX, so a re-serialised body would not match).
    await app.register(async (webhook) => {
      webhook.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
        done(null, body),
      );

      webhook.get(
        '/webhooks/whatsapp',
        {
          config: { access: 'public' },
          schema: { tags: ['webhooks'], querystring: z.record(z.string(), z.string()), hide: true },
        },
        async (request, reply) => {
          const { status, body } = whatsapp.verify(request.query as Record<string, string | undefined>);
          return reply.status(status).type('text/plain').send(body);
        },
      );

      webhook.post(
        '/webhooks/whatsapp',
        { config: { access: 'public', keepsUnstorableBody: true }, schema: { tags: ['webhooks'], hide: true } },
        async (request, reply) => {
          const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
          const signature = request.headers['x-hub-signature-256'];
          const status = await whatsapp.receiveWebhook(raw, typeof signature === 'string' ? signature : undefined);
          return reply.status(status).send(status === 200 ? { ok: true } : { message: 'Refused' });
        },
      );
    });
  };
