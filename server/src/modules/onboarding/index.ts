export { createOnboardingService } from './onboarding.service';
export type { OnboardingService } from './onboarding.service';
export { onboardingRoutes } from './onboarding.routes';
