/**
 * Storage quotas: what one sender (a widget session, a Telegram or WhatsApp client) and one channel account (a
 * WordPress site, a bot, a number) may upload in a day, and what a company may keep in all. The day is a sliding
 * window of 24 hours, so an allowance frees as its oldest uploads leave it, and Retry-After can say exactly when.
 * The sums come from `file_usage` (file-usage.repo.ts) under the company's lock, so they hold across processes.
 */
import { UPLOAD_ERRORS } from '@kreechat/contract';
import { AppError, TooManyRequestsError } from '../platform/errors';

export const QUOTA_WINDOW_MS = 24 * 60 * 60_000;

export type QuotaLimits = { senderDayBytes: number; channelDayBytes: number; companyBytes: number };

/**
 * Who an upload is counted against. `agent`: only the company total. `channel`: also the day's allowance of the
 * sender and of the channel account; `senderRef` starts with the platform (`wordpress:`, `telegram:`,
 * `whatsapp:`), which the usage summary groups by.
 */
export type UploadSource =
  | { kind: 'agent' }
  | { kind: 'channel'; platform: 'wordpress' | 'telegram' | 'whatsapp'; channelRef: string; senderId: string };

export const senderRefOf = (source: Extract<UploadSource, { kind: 'channel' }>) =>
  `${source.platform}:${source.senderId}`;

/** 413: waiting cannot help — the company is full, or the file is larger than a whole day's allowance. */
export class StorageFullError extends AppError {
  constructor(message: string) {
    super(413, message);
  }
}

/** 429: the day's allowance is used; `retryAfterSeconds` says when enough of it has freed for this file. */
export class DailyQuotaError extends TooManyRequestsError {
  constructor(retryAfterSeconds: number) {
    super(UPLOAD_ERRORS.dailyAllowanceUsed, retryAfterSeconds);
  }
}

/** Either refusal: channels catch it to keep the client's message as a placeholder. */
export const isQuotaRefusal = (error: unknown): error is StorageFullError | DailyQuotaError =>
  error instanceof StorageFullError || error instanceof DailyQuotaError;

export type QuotaVerdict =
  | { ok: true }
  | { ok: false; refusal: 'companyFull' | 'overDailyAllowance' }
  /** The day's allowance of these windows is short by `short` bytes each. */
  | { ok: false; refusal: 'dailyAllowanceUsed'; short: { by: 'sender' | 'channel'; bytes: number }[] };

/**
 * Whether `bytes` more fit, given what is stored (`used.company`) and what the sender and channel stored in the
 * window. Pure: the caller reads `used` under the company's lock and records the bytes in the same transaction.
 */
export function judgeUpload(
  bytes: number,
  used: { company: number; sender: number; channel: number },
  limits: QuotaLimits,
  source: UploadSource,
): QuotaVerdict {
  if (used.company + bytes > limits.companyBytes) return { ok: false, refusal: 'companyFull' };
  if (source.kind === 'agent') return { ok: true };
  if (bytes > limits.senderDayBytes || bytes > limits.channelDayBytes) {
    return { ok: false, refusal: 'overDailyAllowance' };
  }
  const short: { by: 'sender' | 'channel'; bytes: number }[] = [];
  if (used.sender + bytes > limits.senderDayBytes) {
    short.push({ by: 'sender', bytes: used.sender + bytes - limits.senderDayBytes });
  }
  if (used.channel + bytes > limits.channelDayBytes) {
    short.push({ by: 'channel', bytes: used.channel + bytes - limits.channelDayBytes });
  }
  return short.length === 0 ? { ok: true } : { ok: false, refusal: 'dailyAllowanceUsed', short };
}
