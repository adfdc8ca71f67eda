/**
 * Multipart bodies, as every route reads them (`request.parts()`): each field's name and value and each file's name
 * pass the storable-text rule (platform/storable-input.ts), and a body the parser cannot read — no boundary, cut
 * short, a part without headers — answers 400. The parser throws bare Errors for those, which would otherwise be
 * answered as a 500 and logged as our own failure.
 */
import type { Multipart, MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ValidationError } from './errors';
import { hasUnstorableCharacter, UNSTORABLE_INPUT } from './storable-input';

export const MALFORMED_MULTIPART = 'The multipart body could not be read';

/** The parser's own errors carry no status; the plugin's (file too large, too many parts) carry theirs. */
function asClientError(error: unknown): unknown {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' ? error : new ValidationError(MALFORMED_MULTIPART);
}

/** A file's bytes end where the body was cut short: that too is the body's fault. */
function checkedFile(part: MultipartFile): MultipartFile {
  const toBuffer = part.toBuffer.bind(part);
  part.toBuffer = () => toBuffer().catch((error: unknown) => Promise.reject(asClientError(error)));
  return part;
}

async function* checkedParts(parts: AsyncIterableIterator<Multipart>): AsyncGenerator<Multipart> {
  for (;;) {
    let next: IteratorResult<Multipart>;
    try {
      next = await parts.next();
    } catch (error) {
      throw asClientError(error);
    }
    if (next.done) return;
    const part = next.value;
    const texts = part.type === 'file' ? [part.fieldname, part.filename] : [part.fieldname, String(part.value)];
    if (texts.some(hasUnstorableCharacter)) {
      // The file's bytes are drained, so the request can end while the 400 is sent.
      if (part.type === 'file') part.file.resume();
      throw new ValidationError(UNSTORABLE_INPUT);
    }
    yield part.type === 'file' ? checkedFile(part) : part;
  }
}

export function registerMultipartRule(app: FastifyInstance) {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    if (!request.isMultipart()) return;
    const parts = request.parts.bind(request);
    request.parts = (options) => checkedParts(parts(options));
  });
}

/**
 * An upload as the routes take one: a multipart body with one file (at most `maxBytes`) and text fields, the
 * fields checked by `schema`. 400 for another body type, no file, or fields the schema refuses.
 */
export async function readUpload<S extends z.ZodType>(
  request: FastifyRequest,
  schema: S,
  maxBytes: number,
): Promise<{ file: { bytes: Buffer; name: string }; fields: z.output<S> }> {
  if (!request.isMultipart()) throw new ValidationError('Send the file as multipart/form-data');
  const fields: Record<string, string> = {};
  let file: { bytes: Buffer; name: string } | undefined;
  for await (const part of request.parts({ limits: { fileSize: maxBytes, files: 1 } })) {
    if (part.type === 'file') file = { bytes: await part.toBuffer(), name: part.filename || 'file' };
    else fields[part.fieldname] = String(part.value);
  }
  if (!file) throw new ValidationError('No file was chosen');
  const parsed = schema.safeParse(fields);
  if (!parsed.success) throw new ValidationError(parsed.error.issues[0]?.message ?? 'Invalid fields');
  return { file, fields: parsed.data };
}
