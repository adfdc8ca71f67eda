/**
 * What a chat may carry (SPEC §5's accepted-types list) and why an upload is refused. One copy for the server, the
 * web composer and the widget. This module imports nothing (no zod), so the widget can take it without growing:
 * it is also published alone as `@kreechat/contract/file-types`.
 */

/**
 * What a chat may carry, agents' composer and the website widget alike: what every channel takes as a photo,
 * video, audio or document — images, video, audio, PDF, office documents (Microsoft and OpenDocument), plain text,
 * CSV and ZIP. In a browser it is the file input's `accept` list; the server judges each file again by its bytes.
 */
export const CHAT_FILE_TYPES = [
  'image/*',
  'video/*',
  'audio/*',
  '.pdf',
  '.doc',
  '.docx',
  '.xls',
  '.xlsx',
  '.ppt',
  '.pptx',
  '.odt',
  '.ods',
  '.odp',
  '.rtf',
  '.txt',
  '.csv',
  '.zip',
] as const;

type DocumentSuffix = Extract<(typeof CHAT_FILE_TYPES)[number], `.${string}`>;

/** Microsoft's pre-2007 formats are OLE compound files; their bytes do not say which of the three they are. */
const CFB = 'application/x-cfb';
const ZIP = 'application/zip';
/** Bytes without a known signature that are not UTF-8 text (the server's name for them). */
export const UNKNOWN_FILE_TYPE = 'application/octet-stream';

/**
 * The types the server may detect in a document's bytes, by the suffix of its name. Office formats are ZIP
 * containers: one whose parts are not in the usual order is detected as plain ZIP. Text and CSV may be in a legacy
 * 8-bit encoding, which is not UTF-8 and so has no detectable type.
 */
const DOCUMENT_CONTENT: Record<DocumentSuffix, readonly string[]> = {
  '.pdf': ['application/pdf'],
  '.doc': [CFB],
  '.xls': [CFB],
  '.ppt': [CFB],
  '.docx': ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', ZIP],
  '.xlsx': ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', ZIP],
  '.pptx': ['application/vnd.openxmlformats-officedocument.presentationml.presentation', ZIP],
  '.odt': ['application/vnd.oasis.opendocument.text', ZIP],
  '.ods': ['application/vnd.oasis.opendocument.spreadsheet', ZIP],
  '.odp': ['application/vnd.oasis.opendocument.presentation', ZIP],
  '.rtf': ['application/rtf', 'text/plain'],
  '.txt': ['text/plain', UNKNOWN_FILE_TYPE],
  '.csv': ['text/plain', UNKNOWN_FILE_TYPE],
  '.zip': [ZIP],
};

/**
 * Whether a file may be sent in a chat, judged as the server judges it: `mime` is the type detected in the bytes
 * (never the one a browser or client claimed), `name` the file's name. Images, video and audio are taken by their
 * bytes alone (the name is only shown); a document needs both a name ending in an accepted suffix and bytes of
 * that kind — `evil.exe` is refused, and so is an executable renamed `report.pdf`.
 */
export function isAcceptedFile(mime: string, name: string): boolean {
  const type = mime.split(';')[0]!.trim().toLowerCase();
  const lowerName = name.trim().toLowerCase();
  return CHAT_FILE_TYPES.some((entry) => {
    if (entry.endsWith('/*')) return type.startsWith(entry.slice(0, -1));
    const suffix = entry as DocumentSuffix;
    return lowerName.endsWith(suffix) && DOCUMENT_CONTENT[suffix].includes(type);
  });
}

/**
 * Why the server refused an upload. The web and the widget show each in the reader's language (they match the
 * text); the status that carries it is given beside each.
 */
export const UPLOAD_ERRORS = {
  /** 415: the file is not of a type a chat may carry (CHAT_FILE_TYPES, judged by isAcceptedFile). */
  typeNotAccepted:
    'This type of file cannot be sent. Send an image, video, audio, PDF, office document, text, CSV or ZIP file.',
  /** 413: the company's storage has no room left for this file. */
  companyFull: 'The company’s file storage is full: there is no room left for this file.',
  /** 413: the file is larger than a whole day's allowance of its sender or its channel, so waiting cannot help. */
  overDailyAllowance: 'The file is larger than the daily upload allowance.',
  /** 429 with Retry-After: the day's allowance is used up; enough of it frees when older uploads leave the day. */
  dailyAllowanceUsed: 'The daily upload allowance is used up. Try again later.',
} as const;

export type UploadError = keyof typeof UPLOAD_ERRORS;

/** Which refusal a server message is, if it is one of UPLOAD_ERRORS. */
export function uploadErrorOf(message: string | null | undefined): UploadError | undefined {
  if (!message) return undefined;
  return (Object.keys(UPLOAD_ERRORS) as UploadError[]).find((key) => UPLOAD_ERRORS[key] === message);
}
