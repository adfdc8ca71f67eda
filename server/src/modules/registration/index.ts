export { createRegistrationService, splitContactPerson } from './registration.service';
export type { RegistrationService } from './registration.service';
export { createVerificationService, CODE_TTL_MS, MAX_CODE_ATTEMPTS } from './verification.service';
export type { VerificationService } from './verification.service';
export { registrationRoutes, VERIFY_COOKIE } from './registration.routes';
