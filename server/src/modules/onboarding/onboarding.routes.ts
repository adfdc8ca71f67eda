import { dismissChecklistBodySchema, okSchema, onboardingResponseSchema } from '@kreechat/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../platform/access';
import type { OnboardingService } from './onboarding.service';

export const onboardingRoutes =
  (onboarding: OnboardingService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/onboarding',
      {
        config: { access: 'admin' },
        schema: { tags: ['onboarding'], response: { 200: onboardingResponseSchema } },
      },
      async (request) => {
        const { companyId, userId } = principalOf(request);
        return onboarding.status(companyId, userId);
      },
    );

    app.post(
      '/onboarding/dismiss',
      {
        config: { access: 'admin' },
        schema: { tags: ['onboarding'], body: dismissChecklistBodySchema, response: { 200: okSchema } },
      },
      async (request) => {
        const { companyId, userId } = principalOf(request);
        await onboarding.setDismissed(companyId, userId, request.body.dismissed);
        return { message: request.body.dismissed ? 'Checklist dismissed' : 'Checklist shown' };
      },
    );
  };
