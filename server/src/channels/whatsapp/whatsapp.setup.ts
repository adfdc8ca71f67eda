/**
 * Connecting and managing a company's WhatsApp numbers (SPEC §2 WhatsApp sub-views; channel-apis.md §2.5–2.9,
 * §2.13): embedded signup (Meta's 30-second code exchanged at once, the business token held for the admin's
 * session until the number's ids arrive), the manual path with a system user's token, the numbers table with
 * each number's webhook switch, the business profile and message templates. Everything is read from Graph with
 * the number's own token, which never leaves the server.
 */
import { randomInt } from 'node:crypto';
import {
  BUSINESS_PROFILE_LIMITS,
  templateNameOf,
  type BusinessProfile,
  type EditBusinessProfileFields,
  type WhatsAppConnected,
  type WhatsAppPhoneNumber,
  type WhatsAppSetupInfo,
  type WhatsAppTemplate,
} from '@kreechat/contract';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Principal } from '../../platform/access';
import type { Clock } from '../../platform/clock';
import { ConflictError, NotFoundError, ValidationError } from '../../platform/errors';
import type { AccountFacts, AccountRepo, AccountRow } from './account.repo';
import type { GraphClient } from './graph.client';

/** The business token of an embedded signup waits this long for its second call. */
const SIGNUP_HOLD_MS = 10 * 60_000;
const PHONE_FIELDS =
  'id,display_phone_number,verified_name,code_verification_status,quality_rating,throughput,last_onboarded_time,platform_type';

export const NUMBER_NOT_FOUND = 'This WhatsApp number is not connected';

type WhatsAppConfig = Config['whatsapp'];

type GraphPhone = {
  id: string;
  display_phone_number?: string;
  verified_name?: string;
  code_verification_status?: string;
  quality_rating?: string;
  throughput?: { level?: string };
  last_onboarded_time?: string;
  platform_type?: string;
};

type GraphProfile = {
  about?: string;
  address?: string;
  description?: string;
  email?: string;
  websites?: string[];
  profile_picture_url?: string;
};

type GraphTemplate = {
  id: string;
  name: string;
  category?: string;
  status?: string;
  language?: string;
  components?: { type?: string; text?: string }[];
};

export type ProfilePicture = { bytes: Buffer; mimeType: string; name: string };

export type WhatsAppSetup = ReturnType<typeof createWhatsAppSetup>;

export function createWhatsAppSetup(deps: {
  db: Db;
  clock: Clock;
  accounts: AccountRepo;
  graph: GraphClient;
  config: WhatsAppConfig & { publicUrl: string | undefined };
}) {
  const { db, clock, accounts, graph, config } = deps;
  const callbackUrl = config.publicUrl ? `${config.publicUrl}/api/webhooks/whatsapp` : null;

  /** What a deployment still lacks for inbound WhatsApp traffic (webhook address, verify token, signatures). */
  function webhookMissing(): string[] {
    const missing: string[] = [];
    if (!config.publicUrl) missing.push('PUBLIC_URL');
    if (!config.verifyToken) missing.push('WHATSAPP_VERIFY_TOKEN');
    if (!config.appSecret) missing.push('WHATSAPP_APP_SECRET');
    return missing;
  }

  const connectedOf = (a: AccountFacts): WhatsAppConnected => ({
    phoneNumberId: a.phoneNumberId,
    wabaId: a.wabaId,
    displayPhoneNumber: a.displayPhoneNumber,
    verifiedName: a.verifiedName,
  });

  async function accountOf(viewer: Principal, phoneNumberId: string): Promise<AccountRow> {
    const account = await accounts.ofCompany(db, viewer.companyId, phoneNumberId);
    if (!account) throw new NotFoundError(NUMBER_NOT_FOUND);
    return account;
  }

  /**
   * Checks the token and ids against Graph, subscribes our app to the WABA with our callback, registers the
   * number on the Cloud API unless Graph shows it there already, and stores it. Graph's refusals surface with
   * Graph's own message (GraphRefusal, 400); Graph unreachable is 502.
   */
  async function connect(
    viewer: Principal,
    ids: { wabaId: string; phoneNumberId: string; businessId?: string },
    token: string,
  ): Promise<WhatsAppConnected> {
    const missing = webhookMissing().filter((name) => name !== 'WHATSAPP_APP_SECRET');
    if (missing.length) {
      throw new ValidationError(`WhatsApp needs ${missing.join(' and ')} on the server before a number can connect`, {
        code: 'whatsappConfigMissing',
        params: { names: missing.join(', ') },
      });
    }
    const owner = await accounts.owner(db, ids.phoneNumberId);
    if (owner && owner !== viewer.companyId) throw new ConflictError('This number is connected to another company');
    const phone = await graph.get<GraphPhone>(token, ids.phoneNumberId, { fields: PHONE_FIELDS });
    const listed = await graph.get<{ data?: GraphPhone[] }>(token, `${ids.wabaId}/phone_numbers`, { fields: 'id' });
    if (!listed.data?.some((p) => p.id === ids.phoneNumberId)) {
      throw new ValidationError('This phone number does not belong to that WhatsApp Business Account');
    }
    await graph.post(token, `${ids.wabaId}/subscribed_apps`, {
      override_callback_uri: callbackUrl,
      verify_token: config.verifyToken,
    });
    let pin: string | null = null;
    if (phone.platform_type !== 'CLOUD_API') {
      pin = String(randomInt(0, 1_000_000)).padStart(6, '0');
      await graph.post(token, `${ids.phoneNumberId}/register`, { messaging_product: 'whatsapp', pin });
    }
    const account = await accounts.upsert(db, {
      companyId: viewer.companyId,
      wabaId: ids.wabaId,
      phoneNumberId: ids.phoneNumberId,
      businessId: ids.businessId ?? null,
      accessToken: token,
      registrationPin: pin,
      displayPhoneNumber: phone.display_phone_number ?? null,
      verifiedName: phone.verified_name ?? null,
      connectedById: viewer.userId,
    });
    return connectedOf(account);
  }

  /** The WABAs of the company's numbers, each with one token that reads it. */
  async function wabasOf(companyId: string) {
    const byWaba = new Map<string, AccountRow[]>();
    for (const facts of await accounts.describeAll(db, companyId)) {
      const account = await accounts.ofCompany(db, companyId, facts.phoneNumberId);
      if (account) byWaba.set(account.wabaId, [...(byWaba.get(account.wabaId) ?? []), account]);
    }
    return byWaba;
  }

  return {
    async info(companyId: string): Promise<WhatsAppSetupInfo> {
      const missingSignup = [
        ...(config.appId ? [] : ['WHATSAPP_APP_ID']),
        ...(config.appSecret ? [] : ['WHATSAPP_APP_SECRET']),
        ...(config.configId ? [] : ['WHATSAPP_CONFIG_ID']),
        ...webhookMissing().filter((name) => name !== 'WHATSAPP_APP_SECRET'),
      ];
      return {
        embeddedSignup:
          missingSignup.length === 0
            ? { available: true, appId: config.appId!, configId: config.configId!, graphVersion: config.graphVersion }
            : { available: false, missing: missingSignup },
        webhookReady: webhookMissing().length === 0,
        callbackUrl,
        numbers: (await accounts.describeAll(db, companyId)).map(connectedOf),
      };
    },

    /** Embedded signup, step 1: exchanges the code at once and holds the business token for this session. */
    async exchangeCode(viewer: Principal, code: string) {
      if (!config.appId || !config.appSecret) {
        throw new ValidationError('Embedded signup needs WHATSAPP_APP_ID and WHATSAPP_APP_SECRET on the server');
      }
      const answer = await graph.get<{ access_token?: string }>(undefined, 'oauth/access_token', {
        client_id: config.appId,
        client_secret: config.appSecret,
        code,
      });
      if (!answer.access_token) throw new ValidationError('Meta gave no access token for this code');
      const now = clock.now();
      await accounts.forgetExpiredSignups(db, now);
      await accounts.holdSignup(
        db,
        viewer.sessionId,
        viewer.companyId,
        answer.access_token,
        new Date(now.getTime() + SIGNUP_HOLD_MS),
      );
      return { status: 'ok' as const };
    },

    /** Embedded signup, step 2: the number's ids from Meta's FINISH event, with the token held for this session. */
    async completeSignup(viewer: Principal, data: { phone_number_id: string; waba_id: string; business_id?: string }) {
      const token = await accounts.takeSignup(db, viewer.sessionId, viewer.companyId, clock.now());
      if (!token) throw new ConflictError('The sign-up with Facebook expired or was not started here; start it again');
      return connect(
        viewer,
        { wabaId: data.waba_id, phoneNumberId: data.phone_number_id, businessId: data.business_id },
        token,
      );
    },

    /** Beyond SPEC: a number and a system user's token, for deployments without a Meta Tech Provider app. */
    connectManually: (viewer: Principal, body: { wabaId: string; phoneNumberId: string; accessToken: string }) =>
      connect(viewer, { wabaId: body.wabaId, phoneNumberId: body.phoneNumberId }, body.accessToken),

    /** The company's numbers as Graph describes them now, with KreeChat's webhook switch for each. */
    async phoneNumbers(viewer: Principal): Promise<WhatsAppPhoneNumber[]> {
      const result: WhatsAppPhoneNumber[] = [];
      for (const [wabaId, list] of await wabasOf(viewer.companyId)) {
        const answer = await graph.get<{ data?: GraphPhone[] }>(list[0]!.accessToken, `${wabaId}/phone_numbers`, {
          fields: PHONE_FIELDS,
          limit: 100,
        });
        for (const account of list) {
          const phone = answer.data?.find((p) => p.id === account.phoneNumberId);
          result.push({
            id: account.phoneNumberId,
            verified_name: phone?.verified_name ?? account.verifiedName,
            code_verification_status: phone?.code_verification_status ?? null,
            display_phone_number: phone?.display_phone_number ?? account.displayPhoneNumber,
            quality_rating: phone?.quality_rating ?? null,
            throughput: { level: phone?.throughput?.level ?? null },
            last_onboarded_time: phone?.last_onboarded_time ?? null,
            webhook_status: account.webhookActive,
          });
        }
      }
      return result;
    },

    /**
     * Switches the number's webhook override off (`""`) or back on. While off, its inbound traffic is answered and
     * ignored (Meta may still deliver it through the WABA's subscription).
     */
    async toggleWebhook(viewer: Principal, phoneNumberId: string) {
      const account = await accountOf(viewer, phoneNumberId);
      const next = !account.webhookActive;
      await graph.post(account.accessToken, phoneNumberId, {
        webhook_configuration: next
          ? { override_callback_uri: callbackUrl ?? '', verify_token: config.verifyToken }
          : { override_callback_uri: '' },
      });
      await accounts.setWebhookActive(db, account.id, next);
      return { webhook_status: next };
    },

    async profile(viewer: Principal, phoneNumberId: string): Promise<BusinessProfile> {
      const account = await accountOf(viewer, phoneNumberId);
      const answer = await graph.get<{ data?: (GraphProfile & { business_profile?: GraphProfile })[] }>(
        account.accessToken,
        `${phoneNumberId}/whatsapp_business_profile`,
        { fields: 'about,address,description,email,profile_picture_url,websites,vertical' },
      );
      // Graph answers the profile flat; some descriptions nest it under business_profile (channel-apis.md §2.6).
      const first = answer.data?.[0];
      const p = first?.business_profile ?? first ?? {};
      return {
        about: p.about ?? null,
        email: p.email ?? null,
        description: p.description ?? null,
        website: p.websites?.[0] ?? null,
        address: p.address ?? null,
        profile_picture_url: p.profile_picture_url ?? null,
      };
    },

    /** Updates the profile; a new picture goes through Graph's resumable upload first (it needs the app id). */
    async editProfile(viewer: Principal, fields: EditBusinessProfileFields, picture?: ProfilePicture) {
      const account = await accountOf(viewer, fields.profileId);
      let handle: string | undefined;
      if (picture) {
        if (!config.appId) throw new ValidationError('Uploading a profile picture needs WHATSAPP_APP_ID on the server');
        const session = await graph.post<{ id: string }>(
          account.accessToken,
          `${config.appId}/uploads`,
          {},
          {
            file_name: picture.name,
            file_length: picture.bytes.length,
            file_type: picture.mimeType,
          },
        );
        handle = (await graph.postBytes<{ h: string }>(account.accessToken, session.id, picture.bytes)).h;
      }
      const text = (value: string | undefined, limit: number) =>
        value === undefined ? undefined : value.slice(0, limit);
      await graph.post(account.accessToken, `${fields.profileId}/whatsapp_business_profile`, {
        messaging_product: 'whatsapp',
        about: text(fields.about, BUSINESS_PROFILE_LIMITS.about) || undefined,
        email: fields.email,
        description: fields.description,
        address: fields.address,
        websites: fields.website ? [fields.website] : fields.website === '' ? [] : undefined,
        profile_picture_handle: handle,
      });
      return { status: 'ok' as const };
    },

    async templates(viewer: Principal): Promise<WhatsAppTemplate[]> {
      const result: WhatsAppTemplate[] = [];
      for (const [wabaId, list] of await wabasOf(viewer.companyId)) {
        const answer = await graph.get<{ data?: GraphTemplate[] }>(
          list[0]!.accessToken,
          `${wabaId}/message_templates`,
          {
            fields: 'id,name,category,status,language,components',
            limit: 100,
          },
        );
        for (const t of answer.data ?? []) {
          result.push({
            id: t.id,
            name: t.name,
            category: t.category ?? 'UTILITY',
            status: t.status ?? 'PENDING',
            language: t.language ?? '',
            body: t.components?.find((c) => c.type === 'BODY')?.text ?? null,
          });
        }
      }
      return result;
    },

    /**
     * Submits a UTILITY template with the text as its body, named after the title, to the WABA of the company's
     * first number; it starts PENDING and its review arrives later as a webhook.
     */
    async submitTemplate(
      viewer: Principal,
      body: { template_title: string; template_text: string; language?: string },
    ) {
      const [first] = await accounts.describeAll(db, viewer.companyId);
      if (!first) throw new ConflictError('Connect a WhatsApp number first');
      const account = await accountOf(viewer, first.phoneNumberId);
      const name = templateNameOf(body.template_title);
      if (!name) throw new ValidationError('The title needs at least one letter or digit');
      const language = body.language ?? (viewer.language === 'en' ? 'en_US' : viewer.language);
      const created = await graph.post<{ id: string; status?: string; category?: string }>(
        account.accessToken,
        `${account.wabaId}/message_templates`,
        { name, category: 'UTILITY', language, components: [{ type: 'BODY', text: body.template_text }] },
      );
      return {
        id: created.id,
        name,
        category: created.category ?? 'UTILITY',
        status: created.status ?? 'PENDING',
        language,
        body: body.template_text,
      } satisfies WhatsAppTemplate;
    },
  };
}
