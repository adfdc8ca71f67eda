/**
 * What the fake Graph API refuses, and why: the limits of channel-apis.md §2.3, §2.6, §2.7 and §2.13 and the checks
 * that answer Meta's errors for malformed sends, templates and business profiles. Pure functions over the request's
 * params; each throws the GraphError Meta would answer (see graph-errors.ts).
 */
import { ERRORS } from './graph-errors';

export type Json = Record<string, unknown>;

export type BusinessProfile = {
  about?: string;
  address?: string;
  description?: string;
  email?: string;
  websites?: string[];
  vertical?: string;
  profile_picture_url?: string;
};

// --- Limits (channel-apis.md §2.3, §2.6, §2.7, §2.13) -------------------------------------------------------------

export const LIMITS = {
  textBody: 4096,
  caption: 1024,
  buttons: 3,
  buttonTitle: 20,
  buttonId: 256,
  buttonBody: 1024,
  footer: 60,
  headerText: 60,
  listRows: 10,
  listSections: 10,
  rowTitle: 24,
  rowDescription: 72,
  rowId: 200,
  sectionTitle: 24,
  listButton: 20,
  listBody: 4096,
  about: 139,
  address: 256,
  description: 256,
  email: 128,
  websites: 2,
  website: 256,
  templateName: 512,
  templateBody: 1024,
  registerCalls: 10,
  registerWindowMs: 72 * 3600_000,
  bodyBytes: 110 * 1024 * 1024,
} as const;

const VERTICALS = new Set(
  'OTHER AUTO BEAUTY APPAREL EDU ENTERTAIN EVENT_PLAN FINANCE GROCERY GOVT HOTEL HEALTH NONPROFIT PROF_SERVICES RETAIL TRAVEL RESTAURANT ALCOHOL ONLINE_GAMBLING PHYSICAL_GAMBLING OTC_DRUGS'.split(
    ' ',
  ),
);
const CATEGORIES = new Set(['MARKETING', 'UTILITY', 'AUTHENTICATION']);
export const PROFILE_FIELDS = [
  'about',
  'address',
  'description',
  'email',
  'profile_picture_url',
  'websites',
  'vertical',
];
export const PHONE_FIELDS = [
  'verified_name',
  'code_verification_status',
  'display_phone_number',
  'quality_rating',
  'platform_type',
  'throughput',
  'last_onboarded_time',
  'webhook_configuration',
  'id',
];
export const TEMPLATE_FIELDS = ['name', 'components', 'language', 'status', 'category', 'id', 'rejected_reason'];
export const RESUMABLE_TYPES = new Set(['image/jpeg', 'image/jpg', 'image/png', 'application/pdf', 'video/mp4']);
const MB = 1024 * 1024;
/** Media Meta accepts per message type (Cloud API media reference) and its size cap. */
export const MEDIA_KINDS: { kind: string; types: string[]; maxBytes: number }[] = [
  { kind: 'image', types: ['image/jpeg', 'image/png'], maxBytes: 5 * MB },
  { kind: 'sticker', types: ['image/webp'], maxBytes: 500 * 1024 },
  { kind: 'audio', types: ['audio/aac', 'audio/amr', 'audio/mpeg', 'audio/mp4', 'audio/ogg'], maxBytes: 16 * MB },
  { kind: 'video', types: ['video/mp4', 'video/3gpp'], maxBytes: 16 * MB },
  {
    kind: 'document',
    types: [
      'text/plain',
      'application/pdf',
      'application/msword',
      'application/vnd.ms-excel',
      'application/vnd.ms-powerpoint',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    ],
    maxBytes: 100 * MB,
  },
];

// --- Params -------------------------------------------------------------------------------------------------------

export const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

const chars = (s: string) => [...s].length;

export const mimeBase = (mime: string) => (mime.split(';')[0] ?? '').trim().toLowerCase();

export function stringParam(params: Json, key: string): string | undefined {
  const v = params[key];
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return undefined;
}

export function requiredString(params: Json, key: string, label = key): string {
  const v = stringParam(params, key);
  if (v === undefined || v === '') throw ERRORS.paramRequired(label);
  return v;
}

export function requiredObject(params: Json, key: string, label = key): Json {
  const v = params[key];
  if (v === undefined) throw ERRORS.paramRequired(label);
  if (!isObject(v)) throw ERRORS.invalidParameter(`Param ${label} must be a JSON object`);
  return v;
}

function checkLength(value: unknown, what: string, min: number, max: number): string {
  const s = typeof value === 'string' ? value : '';
  if (chars(s) < min || chars(s) > max) throw ERRORS.lengthInvalid(what, min, max);
  return s;
}

export function requireMessagingProduct(params: Json) {
  if (params.messaging_product !== 'whatsapp') throw ERRORS.paramRequired('messaging_product');
}

/** How many distinct {{n}} parameters a template text has. */
function placeholders(text: string): number {
  return new Set([...text.matchAll(/\{\{\s*(\d+)\s*\}\}/g)].map((m) => m[1])).size;
}

// --- Validation of outbound messages (§2.3, §2.13) ----------------------------------------------------------------

export type SendLookups = {
  mediaExists(id: string): boolean;
  template(name: string, language: string): { status: string; components: Json[] } | undefined;
};

/** Throws the Graph error Meta answers for a malformed message; returns its type. */
export function validateMessage(params: Json, look: SendLookups): string {
  const type = stringParam(params, 'type') ?? 'text';
  if (params.recipient_type !== undefined && params.recipient_type !== 'individual') {
    throw ERRORS.invalidParameter('recipient_type must be individual');
  }
  if (params.context !== undefined) {
    const context = requiredObject(params, 'context');
    requiredString(context, 'message_id', "context['message_id']");
  }
  switch (type) {
    case 'text':
      validateText(requiredObject(params, 'text'));
      break;
    case 'image':
    case 'video':
    case 'audio':
    case 'document':
    case 'sticker':
      validateMedia(type, requiredObject(params, type), look);
      break;
    case 'location':
      validateLocation(requiredObject(params, 'location'));
      break;
    case 'contacts':
      validateContacts(params.contacts);
      break;
    case 'interactive':
      validateInteractive(requiredObject(params, 'interactive'));
      break;
    case 'reaction':
      validateReaction(requiredObject(params, 'reaction'));
      break;
    case 'template':
      validateTemplateSend(requiredObject(params, 'template'), look);
      break;
    default:
      throw ERRORS.invalidParameter(`Unsupported message type: ${type}`);
  }
  return type;
}

function validateText(text: Json) {
  checkLength(requiredString(text, 'body', "text['body']"), 'Text body', 1, LIMITS.textBody);
}

function validateMedia(type: string, media: Json, look: SendLookups) {
  const id = stringParam(media, 'id');
  const link = stringParam(media, 'link');
  if ((id === undefined) === (link === undefined)) {
    throw ERRORS.invalidParameter(`Param ${type} must have exactly one of id or link`);
  }
  if (id !== undefined && !look.mediaExists(id)) throw ERRORS.valueNotValid(`Invalid media ID: ${id}`);
  if (link !== undefined && !/^https?:\/\/\S+$/i.test(link)) throw ERRORS.valueNotValid(`Invalid link: ${link}`);
  if (media.caption !== undefined) {
    if (type === 'audio' || type === 'sticker')
      throw ERRORS.invalidParameter(`Param ${type}['caption'] is not allowed`);
    checkLength(media.caption, 'Caption', 0, LIMITS.caption);
  }
}

function validateLocation(location: Json) {
  for (const key of ['latitude', 'longitude']) {
    const v = Number(location[key]);
    if (location[key] === undefined || location[key] === '' || !Number.isFinite(v))
      throw ERRORS.paramRequired(`location['${key}']`);
  }
}

function validateContacts(contacts: unknown) {
  if (!Array.isArray(contacts) || contacts.length === 0) throw ERRORS.paramRequired('contacts');
  for (const c of contacts) {
    if (!isObject(c) || !isObject(c.name) || typeof c.name.formatted_name !== 'string') {
      throw ERRORS.paramRequired("contacts['name']['formatted_name']");
    }
  }
}

function validateReaction(reaction: Json) {
  requiredString(reaction, 'message_id', "reaction['message_id']");
  // An empty emoji removes our reaction, so only its type is checked.
  if (typeof reaction.emoji !== 'string') throw ERRORS.paramRequired("reaction['emoji']");
}

function validateInteractive(interactive: Json) {
  const kind = stringParam(interactive, 'type');
  const body = requiredObject(interactive, 'body', "interactive['body']");
  const action = requiredObject(interactive, 'action', "interactive['action']");
  if (interactive.footer !== undefined) {
    checkLength(isObject(interactive.footer) ? interactive.footer.text : undefined, 'Footer text', 1, LIMITS.footer);
  }
  if (kind === 'button') {
    checkLength(body.text, 'Body text', 1, LIMITS.buttonBody);
    validateReplyButtons(action.buttons);
  } else if (kind === 'list') {
    checkLength(body.text, 'Body text', 1, LIMITS.listBody);
    validateListAction(action);
  } else {
    throw ERRORS.invalidParameter(`The fake supports interactive types button and list, not ${String(kind)}`);
  }
}

function validateReplyButtons(buttons: unknown) {
  if (!Array.isArray(buttons) || buttons.length < 1 || buttons.length > LIMITS.buttons)
    throw ERRORS.buttonsCount(LIMITS.buttons);
  const titles = new Set<string>();
  const ids = new Set<string>();
  for (const button of buttons) {
    const reply = isObject(button) && button.type === 'reply' && isObject(button.reply) ? button.reply : undefined;
    if (!reply) throw ERRORS.invalidParameter("Each button needs type 'reply' and a reply{id,title}");
    const title = checkLength(reply.title, 'Button title', 1, LIMITS.buttonTitle);
    const id = checkLength(reply.id, 'Button id', 1, LIMITS.buttonId);
    if (titles.has(title)) throw ERRORS.notUnique('Button titles');
    if (ids.has(id)) throw ERRORS.notUnique('Button ids');
    titles.add(title);
    ids.add(id);
  }
}

function validateListAction(action: Json) {
  checkLength(action.button, 'Button label', 1, LIMITS.listButton);
  const sections = action.sections;
  if (!Array.isArray(sections) || sections.length < 1 || sections.length > LIMITS.listSections) {
    throw ERRORS.valueNotValid(
      `Invalid sections count. Min allowed sections: 1, Max allowed sections: ${LIMITS.listSections}`,
    );
  }
  const rows = sections.flatMap((s) => (isObject(s) && Array.isArray(s.rows) ? (s.rows as unknown[]) : []));
  if (rows.length > LIMITS.listRows) throw ERRORS.rowsCount(LIMITS.listRows);
  const ids = new Set<string>();
  for (const section of sections) {
    if (!isObject(section) || !Array.isArray(section.rows) || section.rows.length === 0) {
      throw ERRORS.invalidParameter('Each section needs at least one row');
    }
    // Meta needs a title on every section once there is more than one.
    if (sections.length > 1 || section.title !== undefined) {
      checkLength(section.title, 'Section title', 1, LIMITS.sectionTitle);
    }
  }
  for (const row of rows) {
    if (!isObject(row)) throw ERRORS.invalidParameter('Each row must be an object');
    checkLength(row.title, 'Row title', 1, LIMITS.rowTitle);
    const id = checkLength(row.id, 'Row id', 1, LIMITS.rowId);
    if (row.description !== undefined) checkLength(row.description, 'Row description', 0, LIMITS.rowDescription);
    if (ids.has(id)) throw ERRORS.notUnique('Row ids');
    ids.add(id);
  }
}

function validateTemplateSend(template: Json, look: SendLookups) {
  const name = requiredString(template, 'name', "template['name']");
  const language = requiredObject(template, 'language', "template['language']");
  const code = requiredString(language, 'code', "template['language']['code']");
  const found = look.template(name, code);
  if (found?.status === 'PAUSED') throw ERRORS.templatePaused();
  if (found?.status === 'DISABLED') throw ERRORS.templateDisabled();
  if (!found || found.status !== 'APPROVED') throw ERRORS.templateMissing(name, code);
  const sent = Array.isArray(template.components) ? template.components.filter(isObject) : [];
  for (const [kind, component] of [
    ['body', 'BODY'],
    ['header', 'HEADER'],
  ] as const) {
    const defined = found.components.find((c) => c.type === component);
    const expected = defined && typeof defined.text === 'string' ? placeholders(defined.text) : 0;
    const given = sent.find((c) => String(c.type).toLowerCase() === kind);
    const got = given && Array.isArray(given.parameters) ? given.parameters.length : 0;
    // Media headers take one parameter of their own, not a text placeholder: only text counts are compared.
    if (kind === 'header' && defined?.format !== undefined && defined.format !== 'TEXT') continue;
    if (got !== expected) throw ERRORS.templateParams(kind, got, expected);
  }
}

// --- Validation of templates and profiles (§2.6, §2.7, §2.13) -----------------------------------------------------

export function validateTemplateCreation(params: Json): {
  name: string;
  language: string;
  category: string;
  components: Json[];
} {
  const name = requiredString(params, 'name');
  if (!/^[a-z0-9_]+$/.test(name) || name.length > LIMITS.templateName) {
    throw ERRORS.templateInvalid(
      'Invalid template name',
      'Template names can only contain lowercase letters, numbers and underscores, at most 512 characters.',
    );
  }
  const category = requiredString(params, 'category').toUpperCase();
  if (!CATEGORIES.has(category)) {
    throw ERRORS.templateInvalid('Invalid category', 'Category must be MARKETING, UTILITY or AUTHENTICATION.');
  }
  const language = requiredString(params, 'language');
  if (!/^[a-z]{2,3}(_[A-Z]{2})?$/.test(language)) {
    throw ERRORS.templateInvalid('Invalid language', `${language} is not a supported language code.`);
  }
  const components = params.components;
  if (!Array.isArray(components) || !components.every(isObject)) throw ERRORS.paramRequired('components');
  const bodies = components.filter((c) => String(c.type).toUpperCase() === 'BODY');
  const body = bodies[0];
  if (bodies.length !== 1 || !body) {
    throw ERRORS.templateInvalid('Invalid components', 'A template needs exactly one BODY component.');
  }
  validateTemplateBody(body);
  for (const c of components) {
    const type = String(c.type).toUpperCase();
    if ((type === 'HEADER' && (c.format ?? 'TEXT') === 'TEXT') || type === 'FOOTER') {
      checkLength(c.text, `${type.toLowerCase()} text`, 1, type === 'HEADER' ? LIMITS.headerText : LIMITS.footer);
    }
  }
  return {
    name,
    language,
    category,
    components: components.map((c) => ({ ...c, type: String(c.type).toUpperCase() })),
  };
}

function validateTemplateBody(body: Json) {
  const text = typeof body.text === 'string' ? body.text : '';
  if (chars(text) < 1 || chars(text) > LIMITS.templateBody) {
    throw ERRORS.templateInvalid('Invalid body', `The body text must be 1 to ${LIMITS.templateBody} characters.`);
  }
  const count = placeholders(text);
  if (count === 0) return;
  if (/^\s*\{\{\s*\d+\s*\}\}|\{\{\s*\d+\s*\}\}\s*$/.test(text)) {
    throw ERRORS.templateInvalid(
      'Variables can’t be at the start or end of the template',
      'Variable parameters can’t be at the start or end of the template.',
    );
  }
  const example = isObject(body.example) ? body.example.body_text : undefined;
  const row = Array.isArray(example) && Array.isArray(example[0]) ? example[0] : [];
  if (row.length !== count) {
    throw ERRORS.templateInvalid(
      'Missing sample values',
      `The body has ${count} variable(s): give example.body_text with ${count} sample value(s).`,
    );
  }
}

export function validateProfileUpdate(params: Json): BusinessProfile & { profile_picture_handle?: string } {
  requireMessagingProduct(params);
  const out: BusinessProfile & { profile_picture_handle?: string } = {};
  const text = (key: 'about' | 'address' | 'description' | 'email', min: number, max: number) => {
    if (params[key] === undefined) return;
    const value = stringParam(params, key) ?? '';
    if (chars(value) < min || chars(value) > max) {
      throw ERRORS.invalidParameter(`Param ${key} must be ${min} to ${max} characters long`);
    }
    out[key] = value;
  };
  text('about', 1, LIMITS.about);
  text('address', 0, LIMITS.address);
  text('description', 0, LIMITS.description);
  text('email', 0, LIMITS.email);
  if (out.email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(out.email))
    throw ERRORS.invalidParameter('Param email is not a valid email');
  if (params.websites !== undefined) {
    const sites = params.websites;
    if (!Array.isArray(sites) || sites.length > LIMITS.websites) {
      throw ERRORS.invalidParameter(`Param websites must be an array of at most ${LIMITS.websites} URLs`);
    }
    for (const site of sites) {
      if (typeof site !== 'string' || !/^https?:\/\/\S+$/.test(site) || chars(site) > LIMITS.website) {
        throw ERRORS.invalidParameter(`Param websites has an invalid URL: ${String(site)}`);
      }
    }
    out.websites = sites as string[];
  }
  if (params.vertical !== undefined) {
    const vertical = stringParam(params, 'vertical') ?? '';
    if (!VERTICALS.has(vertical))
      throw ERRORS.invalidParameter(`Param vertical must be one of ${[...VERTICALS].join(', ')}`);
    out.vertical = vertical;
  }
  if (params.profile_picture_handle !== undefined) {
    out.profile_picture_handle = stringParam(params, 'profile_picture_handle') ?? '';
  }
  return out;
}
