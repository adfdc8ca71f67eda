import { AGENT_ERASE_MESSAGES } from './agent-erase';
import {
  ACCOUNT_MESSAGES,
  PROFILE_PIC_NOT_IMAGE,
  PROFILE_PIC_TOO_LARGE,
  REGISTRATION_NOT_COMPLETED,
  VERIFICATION_MESSAGES,
} from './auth';
import { BUBBLE_NOT_FOUND } from './bubbles';
import { CLIENT_NOT_FOUND } from './clients';
import { DEPARTMENT_HAS_AGENTS, DEPARTMENT_HAS_PENDING } from './departments';
import { CLIENT_UNREACHABLE, TEMPLATE_NOT_APPROVED, WHATSAPP_NUMBER_GONE } from './messages';
import { MESSAGE_NOT_FOUND } from './pins';
import { PRIVACY_MESSAGES } from './privacy';
import { CHAT_WITH_SELF, COLLEAGUE_NOT_FOUND } from './private-chat';
import { PUSH_ENDPOINT_NOT_HTTPS, PUSH_SERVICE_NOT_ALLOWED } from './push';
import { TELEGRAM_NOT_CONNECTED } from './telegram';
import {
  AGENT_ALREADY_HANDLES,
  AGENT_NOT_ASSIGNABLE,
  NOT_TICKET_HANDLER,
  TICKET_ALREADY_ACCEPTED,
  TICKET_CLOSED,
  TICKET_NOT_CLOSED,
  TICKET_NOT_FOUND,
} from './tickets';
import { WIDGET_IDENTITY_CHECK_MESSAGE } from './widget';
import { WP_TOKEN_MESSAGES } from './wordpress';

/**
 * Every message the server answers an error with, by a stable code. The English `message` stays the contract
 * (SPEC §8); the answer carries the code beside it so the web shows the text in the reader's language. A message
 * built with values (a wait, a list of names) is written here with `{{name}}` where the value goes; the answer
 * then carries `params` with those values. A server test fails when a thrown message is missing here.
 */
export const SERVER_ERRORS = {
  // The error vocabulary's defaults and the error handler's own answers.
  notLoggedIn: 'Not logged in',
  forbidden: 'Forbidden',
  notFound: 'Not found',
  tooManyRequests: 'Too many requests. Try again later.',
  internal: 'Internal server error',
  databaseUnavailable: 'The database is unavailable right now. Try again in a few seconds.',
  invalidRequest: 'Invalid request',
  invalidFields: 'Invalid fields',
  invalidText: 'Invalid text',
  notAllowed: 'You are not allowed to do this',
  crossSiteRefused: 'Cross-site request refused',
  unknownTimeZone: 'Unknown time zone',
  unstorableInput: 'The request contains a character that cannot be stored (a NUL character or invalid Unicode)',
  nestedTooDeeply: 'The request is nested too deeply',
  // Uploads.
  malformedMultipart: 'The multipart body could not be read',
  fileAsMultipart: 'Send the file as multipart/form-data',
  pictureAsMultipart: 'Send the picture as multipart/form-data',
  profileAsMultipart: 'Send the profile as multipart/form-data',
  noFileChosen: 'No file was chosen',
  noPictureChosen: 'No picture was chosen',
  fileEmpty: 'The file is empty',
  fileNotFound: 'File not found',
  profilePicNotImage: PROFILE_PIC_NOT_IMAGE,
  profilePicTooLarge: PROFILE_PIC_TOO_LARGE,
  // Login, account and password.
  invalidLogin: 'Invalid email or password. Try again!',
  accountDisabled: 'This account is disabled. Ask your administrator to enable it.',
  loginLockedAddress: 'Too many failed login attempts. Try again in 15 minutes.',
  loginLockedAccount: 'Too many failed login attempts on this account. Try again in {{wait}}.',
  currentPasswordLocked: 'Too many wrong passwords. Try again in 15 minutes.',
  currentPasswordRequired: ACCOUNT_MESSAGES.currentPasswordRequired,
  currentPasswordWrong: ACCOUNT_MESSAGES.currentPasswordWrong,
  passwordsDoNotMatch: ACCOUNT_MESSAGES.passwordsDoNotMatch,
  passwordsDoNotMatchAgent: 'Passwords do not match!',
  samePassword: ACCOUNT_MESSAGES.samePassword,
  ownEmailOnProfile: ACCOUNT_MESSAGES.ownEmailOnProfile,
  emailInUse: 'This email is already in use',
  // Registration and password reset.
  expiredSession: VERIFICATION_MESSAGES.expiredSession,
  expiredCode: VERIFICATION_MESSAGES.expiredCode,
  tooManyAttempts: VERIFICATION_MESSAGES.tooManyAttempts,
  invalidCode: VERIFICATION_MESSAGES.invalidCode,
  codeSendsAddress: 'Too many codes requested. Try again in 15 minutes.',
  codeSendsAccount: 'Too many codes requested for this e-mail address. Try again in {{wait}}.',
  codeChecksAddress: 'Too many failed attempts. Try again in 15 minutes.',
  codeChecksAccount: 'Too many failed attempts for this e-mail address. Try again in {{wait}}.',
  verifyEmailFirst: 'Please verify your email address first',
  registrationNotCompleted: REGISTRATION_NOT_COMPLETED,
  resetPasswordFailed: 'Failed to reset password',
  // Company, agents and departments.
  companyNotFound: 'Company not found',
  agentNotFound: 'Agent not found',
  ownRole: 'You cannot change your own role',
  ownDisable: 'You cannot disable your own account',
  ownErase: AGENT_ERASE_MESSAGES.ownAccount,
  agentNotDisabled: AGENT_ERASE_MESSAGES.notDisabled,
  agentErased: AGENT_ERASE_MESSAGES.erased,
  departmentNotFound: 'Department not found!',
  departmentNameTaken: 'A department with this name already exists',
  departmentHasAgents: DEPARTMENT_HAS_AGENTS,
  departmentHasPending: DEPARTMENT_HAS_PENDING,
  lastDepartment: 'A company needs at least one department',
  ownDepartmentOnly: 'You can only see your own department',
  // Clients and privacy.
  clientNotFound: CLIENT_NOT_FOUND,
  clientAlreadyErased: PRIVACY_MESSAGES.alreadyErased,
  clientErasedNoExport: PRIVACY_MESSAGES.erasedNoExport,
  clientErasedNoReopen: PRIVACY_MESSAGES.erasedNoReopen,
  accountNumberHandlerOnly: 'Only the agent handling the ticket may change the account number',
  // Tickets and messages.
  ticketNotFound: TICKET_NOT_FOUND,
  ticketClosed: TICKET_CLOSED,
  ticketNotClosed: TICKET_NOT_CLOSED,
  ticketAlreadyAccepted: TICKET_ALREADY_ACCEPTED,
  notTicketHandler: NOT_TICKET_HANDLER,
  agentNotAssignable: AGENT_NOT_ASSIGNABLE,
  agentAlreadyHandles: AGENT_ALREADY_HANDLES,
  messageNotFound: MESSAGE_NOT_FOUND,
  clientUnreachable: CLIENT_UNREACHABLE,
  retryNotFailed: 'Only a message that failed can be retried',
  retryNothing: 'This message has nothing to retry',
  scrollBothWays: 'Scroll up or down, not both',
  lastIndexRequired: 'lastIndex is required to scroll',
  messageIdRequired: 'messageid is required',
  pinTicketMismatch: 'The ticket in the body differs from the one in the path',
  // Colleagues, bubbles, push.
  notYourMessage: 'You can only notify about your own messages',
  chatWithSelf: CHAT_WITH_SELF,
  colleagueNotFound: COLLEAGUE_NOT_FOUND,
  chatNotFound: 'Chat not found',
  bubbleNotFound: BUBBLE_NOT_FOUND,
  pushEndpointNotHttps: PUSH_ENDPOINT_NOT_HTTPS,
  pushServiceNotAllowed: PUSH_SERVICE_NOT_ALLOWED,
  // Channels.
  telegramNotConnected: TELEGRAM_NOT_CONNECTED,
  wordpressInvalidToken: WP_TOKEN_MESSAGES.invalidToken,
  wordpressNameTheTicket: 'Name the ticket: its id, or the site token and the client e-mail headers',
  widgetNotBuilt: 'The widget is not built (npm run build)',
  widgetInvalidToken: 'This chat is not set up for this site',
  widgetForeignOrigin: 'This chat is not available on this site',
  widgetIdentity: 'Your sign-in could not be verified. Reload the page.',
  widgetIdentityCheck: WIDGET_IDENTITY_CHECK_MESSAGE,
  widgetSessionEnded: 'The chat session ended',
  widgetBlocked: 'This chat is not available',
  widgetTooManyMessages: 'Too many messages. Wait a moment.',
  whatsappNumberNotFound: 'This WhatsApp number is not connected',
  whatsappNumberGone: WHATSAPP_NUMBER_GONE,
  whatsappConfigMissing: 'WhatsApp needs {{names}} on the server before a number can connect',
  whatsappNumberOtherCompany: 'This number is connected to another company',
  whatsappNumberNotInAccount: 'This phone number does not belong to that WhatsApp Business Account',
  whatsappSignupConfigMissing: 'Embedded signup needs WHATSAPP_APP_ID and WHATSAPP_APP_SECRET on the server',
  whatsappNoAccessToken: 'Meta gave no access token for this code',
  whatsappSignupExpired: 'The sign-up with Facebook expired or was not started here; start it again',
  whatsappPictureConfigMissing: 'Uploading a profile picture needs WHATSAPP_APP_ID on the server',
  whatsappConnectFirst: 'Connect a WhatsApp number first',
  whatsappTitleNeedsLetter: 'The title needs at least one letter or digit',
  whatsappPictureType: 'The profile picture must be a JPEG or PNG image',
  templateNotApproved: TEMPLATE_NOT_APPROVED,
} as const;

export type ServerErrorCode = keyof typeof SERVER_ERRORS;

/** An error answer's body: the English message (SPEC §8), its code when catalogued, and a built message's values. */
export type ServerErrorBody = { message: string; code?: string; params?: Record<string, string | number> };

const CODE_OF_MESSAGE: ReadonlyMap<string, ServerErrorCode> = new Map(
  (Object.entries(SERVER_ERRORS) as [ServerErrorCode, string][]).map(([code, message]) => [message, code]),
);

/** The code of a fixed message, when the catalogue has it. */
export const serverErrorCode = (message: string): ServerErrorCode | undefined => CODE_OF_MESSAGE.get(message);
