import {
  BUSINESS_PROFILE_LIMITS,
  editBusinessProfileFieldsSchema,
  PROFILE_PICTURE_MAX_BYTES,
  PROFILE_PICTURE_TYPES,
  type BusinessProfile,
  type EditBusinessProfileFields,
} from '@kreechat/contract';

export const PROFILE_FIELDS = ['about', 'email', 'description', 'website', 'address'] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];
export type ProfileValues = Record<ProfileField, string>;
export type ProfileProblem = 'tooLong' | 'invalid';

/** The form's starting values: what Meta has, empty where it has nothing. */
export const profileValues = (profile: BusinessProfile | undefined): ProfileValues => ({
  about: profile?.about ?? '',
  email: profile?.email ?? '',
  description: profile?.description ?? '',
  website: profile?.website ?? '',
  address: profile?.address ?? '',
});

/** The live count beside a field: characters as the limit counts them, and whether it is over. */
export function characterCount(field: ProfileField, value: string): { count: number; limit: number; over: boolean } {
  const limit = BUSINESS_PROFILE_LIMITS[field];
  const count = value.trim().length;
  return { count, limit, over: count > limit };
}

/**
 * Meta's limits (channel-apis.md §2.6) checked before anything is sent, with the contract's schema: each field's
 * problem, or the trimmed fields to send.
 */
export function checkBusinessProfile(
  profileId: string,
  values: ProfileValues,
):
  | { ok: true; fields: EditBusinessProfileFields }
  | { ok: false; problems: Partial<Record<ProfileField, ProfileProblem>> } {
  const parsed = editBusinessProfileFieldsSchema.safeParse({ profileId, ...values });
  if (parsed.success) return { ok: true, fields: parsed.data };
  const problems: Partial<Record<ProfileField, ProfileProblem>> = {};
  for (const issue of parsed.error.issues) {
    const field = PROFILE_FIELDS.find((name) => name === issue.path[0]);
    if (field && !problems[field]) problems[field] = issue.code === 'too_big' ? 'tooLong' : 'invalid';
  }
  return { ok: false, problems };
}

export type PictureProblem = 'type' | 'size';

/** A new profile picture must be a JPEG or PNG of at most PROFILE_PICTURE_MAX_BYTES; the server checks again. */
export function pictureProblem(file: { type: string; size: number }): PictureProblem | null {
  if (!(PROFILE_PICTURE_TYPES as readonly string[]).includes(file.type.toLowerCase())) return 'type';
  if (file.size > PROFILE_PICTURE_MAX_BYTES) return 'size';
  return null;
}
