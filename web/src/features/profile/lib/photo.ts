import { PROFILE_PIC_MAX_BYTES, PROFILE_PIC_TYPES } from '@kreechat/contract';

export type PhotoProblem = 'notImage' | 'tooLarge';

/**
 * Why a chosen file cannot be a profile photo, before anything is sent (SPEC §5: image files only). The server
 * checks again by the file's bytes; this only spares a pointless upload.
 */
export function photoProblem(file: { type: string; size: number }): PhotoProblem | null {
  if (!(PROFILE_PIC_TYPES as readonly string[]).includes(file.type.toLowerCase())) return 'notImage';
  if (file.size > PROFILE_PIC_MAX_BYTES) return 'tooLarge';
  return null;
}
