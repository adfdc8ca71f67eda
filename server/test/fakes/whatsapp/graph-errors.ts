/**
 * The fake Graph API's error vocabulary: the Graph error envelope and every text it answers with, in one place
 * (channel-apis.md §2.1, §2.10). Comments marked "verified" name texts seen in public reports of Meta's answers; the
 * rest are the fake's own wording for errors whose code is known.
 */

// --- Errors: the Graph envelope and every text the fake answers with ----------------------------------------------

export type GraphErrorBody = {
  message: string;
  type: string;
  code: number;
  error_subcode?: number;
  error_data?: { messaging_product: 'whatsapp'; details: string };
  error_user_title?: string;
  error_user_msg?: string;
  is_transient?: boolean;
};

export class GraphError extends Error {
  constructor(
    readonly status: number,
    readonly body: GraphErrorBody,
  ) {
    super(body.message);
  }
}

export const whatsappError = (status: number, code: number, title: string, details: string) =>
  new GraphError(status, {
    message: `(#${code}) ${title}`,
    type: 'OAuthException',
    code,
    error_data: { messaging_product: 'whatsapp', details },
  });

export const ERRORS = {
  missingToken: () =>
    new GraphError(400, {
      message: 'An access token is required to request this resource.',
      type: 'OAuthException',
      code: 104,
    }),
  // verified: the message of a token Graph cannot parse
  invalidToken: (status: number) =>
    new GraphError(status, {
      message: 'Invalid OAuth access token - Cannot parse access token',
      type: 'OAuthException',
      code: 190,
    }),
  expiredToken: (status: number, at: number) =>
    new GraphError(status, {
      message: `Error validating access token: Session has expired on ${new Date(at).toUTCString()}.`,
      type: 'OAuthException',
      code: 190,
      error_subcode: 463,
    }),
  revokedToken: (status: number) =>
    new GraphError(status, {
      message:
        'Error validating access token: The session has been invalidated because the user changed their password or Facebook has changed the session for security reasons.',
      type: 'OAuthException',
      code: 190,
      error_subcode: 460,
    }),
  uploadScheme: (status: number) =>
    new GraphError(status, {
      message: 'Invalid OAuth access token - resumable upload sessions take `Authorization: OAuth <token>`',
      type: 'OAuthException',
      code: 190,
    }),
  unknownObject: (method: string, id: string) =>
    new GraphError(400, {
      message: `Unsupported ${method.toLowerCase()} request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation. Please read the Graph API documentation at https://developers.facebook.com/docs/graph-api`,
      type: 'GraphMethodException',
      code: 100,
      error_subcode: 33,
    }),
  unknownPath: (path: string) =>
    new GraphError(400, { message: `Unknown path components: ${path}`, type: 'OAuthException', code: 2500 }),
  unsupportedVersion: (version: string, served: string) =>
    new GraphError(400, {
      message: `(#100) Unsupported version ${version}: this fake serves ${served}`,
      type: 'OAuthException',
      code: 100,
    }),
  nonexistingField: (field: string, nodeType: string) =>
    new GraphError(400, {
      message: `(#100) Tried accessing nonexisting field (${field}) on node type (${nodeType})`,
      type: 'OAuthException',
      code: 100,
    }),
  paramRequired: (name: string) =>
    new GraphError(400, { message: `(#100) The parameter ${name} is required`, type: 'OAuthException', code: 100 }),
  invalidParameter: (details: string) => whatsappError(400, 100, 'Invalid parameter', details),
  // verified: 131009 "Parameter value is not valid" carries the limit in error_data.details
  valueNotValid: (details: string) => whatsappError(400, 131009, 'Parameter value is not valid', details),
  // verified wording for button titles ("Button title length invalid. Min length: 1, Max length: 20")
  lengthInvalid: (what: string, min: number, max: number) =>
    ERRORS.valueNotValid(`${what} length invalid. Min length: ${min}, Max length: ${max}`),
  buttonsCount: (max: number) =>
    ERRORS.valueNotValid(`Invalid buttons count. Min allowed buttons: 1, Max allowed buttons: ${max}`),
  // verified
  rowsCount: (max: number) => ERRORS.valueNotValid(`Total row count exceed max allowed count: ${max}`),
  notUnique: (what: string) => ERRORS.valueNotValid(`${what} must be unique`),
  mediaUpload: (details: string) => whatsappError(400, 131053, 'Media upload error', details),
  reEngagement: () =>
    whatsappError(
      400,
      131047,
      'Re-engagement message',
      'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
    ),
  // verified wording
  templateMissing: (name: string, language: string) =>
    whatsappError(
      400,
      132001,
      'Template name does not exist in the translation',
      `template name (${name}) does not exist in ${language}`,
    ),
  // verified wording
  templateParams: (component: string, got: number, expected: number) =>
    whatsappError(
      400,
      132000,
      'Number of parameters does not match the expected number of params',
      `${component}: number of localizable_params (${got}) does not match the expected number of params (${expected})`,
    ),
  templatePaused: () =>
    whatsappError(400, 132015, 'Template is Paused', 'Cannot send message as the template is paused'),
  templateDisabled: () =>
    whatsappError(400, 132016, 'Template is disabled', 'Cannot send message as the template is disabled'),
  templateInvalid: (title: string, message: string, subcode?: number) =>
    new GraphError(400, {
      message: 'Invalid parameter',
      type: 'OAuthException',
      code: 100,
      ...(subcode ? { error_subcode: subcode } : {}),
      error_user_title: title,
      error_user_msg: message,
    }),
  registerLimit: () =>
    whatsappError(
      400,
      133016,
      'Account register deregister rate limit exceeded',
      'Too many register or deregister requests were made for this number in a short period of time.',
    ),
  pinMismatch: () =>
    whatsappError(400, 133005, 'Two step verification PIN Mismatch', 'The PIN does not match this number’s PIN.'),
  callbackVerification: (reason: string) =>
    new GraphError(400, {
      message: `(#2200) Callback verification failed with the following errors: ${reason}`,
      type: 'OAuthException',
      code: 2200,
    }),
  oauthMissingClientId: () =>
    new GraphError(400, { message: 'Missing client_id parameter.', type: 'OAuthException', code: 101 }),
  oauthBadClientId: () =>
    new GraphError(400, {
      message: 'Error validating application. Invalid application ID.',
      type: 'OAuthException',
      code: 101,
    }),
  oauthBadSecret: () =>
    new GraphError(400, { message: 'Error validating client secret.', type: 'OAuthException', code: 1 }),
  oauthBadCode: () =>
    new GraphError(400, {
      message: 'Invalid verification code format.',
      type: 'OAuthException',
      code: 100,
      error_subcode: 36008,
    }),
  oauthExpiredCode: () =>
    new GraphError(400, {
      message: 'This authorization code has expired.',
      type: 'OAuthException',
      code: 100,
      error_subcode: 36007,
    }),
  oauthUsedCode: () =>
    new GraphError(400, {
      message: 'This authorization code has been used.',
      type: 'OAuthException',
      code: 100,
      error_subcode: 36009,
    }),
  unavailable: () =>
    new GraphError(503, {
      message: 'An unexpected error has occurred. Please retry your request later.',
      type: 'OAuthException',
      code: 2,
      is_transient: true,
    }),
  tooLarge: () => new GraphError(413, { message: '(#1) Request entity too large', type: 'OAuthException', code: 1 }),
};

/** What `failNextSends` answers per code (§2.1, §2.10); other codes get a generic 400 of that code. */
export const INJECTED: Record<number, () => GraphError> = {
  4: () => whatsappError(400, 4, 'Application request limit reached', 'Too many calls were made by this app.'),
  80007: () => whatsappError(400, 80007, 'Rate limit issues', 'The WhatsApp Business Account reached its rate limit.'),
  130429: () => whatsappError(429, 130429, 'Rate limit hit', 'Cloud API message throughput has been reached.'),
  // verified (channel-apis.md §2.1)
  131056: () =>
    whatsappError(
      400,
      131056,
      '(Business Account, Consumer Account) pair rate limit hit',
      'Too many messages to this recipient',
    ),
  131000: () => whatsappError(500, 131000, 'Something went wrong', 'Something went wrong'),
  131030: () =>
    whatsappError(
      400,
      131030,
      'Recipient phone number not in allowed list',
      'Recipient phone number not in allowed list',
    ),
  131031: () => whatsappError(400, 131031, 'Business Account locked', 'The account has been locked.'),
  368: () => whatsappError(400, 368, 'Temporarily blocked for policies violations', 'Temporarily blocked.'),
};

export const injectedError = (code: number) =>
  INJECTED[code]?.() ?? whatsappError(400, code, 'Injected failure', `failNextSends(${code})`);
