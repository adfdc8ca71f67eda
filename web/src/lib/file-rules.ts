/**
 * SPEC §5 file drop rules, as pure functions: which files a drop or the file dialog may hand to the composer.
 * They mirror the HTML `accept` attribute, so the same list also filters the browser's file dialog.
 */

/**
 * What a chat may carry, agents' composer and the website widget alike (images, video, audio, PDF, office
 * documents, plain text, CSV and ZIP): the contract's one list, which the server applies again to each file's bytes
 * (isAcceptedFile). Imported from the contract's zod-free module, so the widget's bundle stays small.
 */
export { CHAT_FILE_TYPES } from '@kreechat/contract/file-types';

/** The parts of a File the rules read (a DOM File fits). */
export interface FileLike {
  name: string;
  size: number;
  /** The media type the browser guessed; empty when it has no idea. */
  type: string;
}

export interface FileRules {
  /** Accepted types: `.ext` suffixes, `main/*` wildcards or full media types. Empty or missing accepts all. */
  accept?: readonly string[];
  /** Smallest size in bytes (SPEC: 0). */
  minSize?: number;
  /** Largest size in bytes (SPEC: none; the composer passes the server's limit). */
  maxSize?: number;
  /** Most files in one drop (SPEC: none). */
  maxFiles?: number;
}

export type FileProblem =
  | { code: 'file-invalid-type'; accept: readonly string[] }
  | { code: 'file-too-large'; maxSize: number }
  | { code: 'file-too-small'; minSize: number }
  | { code: 'too-many-files'; maxFiles: number };

/**
 * Whether `file` matches one entry of `accept`. Entries are trimmed and lowercased; a leading dot matches the end
 * of the file name, a trailing `/*` the main media type, anything else must equal the full media type. No file or
 * no list means accepted.
 */
export function isAccepted(file: Pick<FileLike, 'name' | 'type'> | null | undefined, accept?: readonly string[]) {
  if (!file || !accept || accept.length === 0) return true;
  const name = file.name.toLowerCase();
  const type = file.type.toLowerCase();
  const mainType = type.replace(/\/.*$/, '');
  return accept.some((raw) => {
    const entry = raw.trim().toLowerCase();
    if (entry === '') return false;
    if (entry.startsWith('.')) return name.endsWith(entry);
    if (entry.endsWith('/*')) return mainType === entry.slice(0, -2);
    return type === entry;
  });
}

/** Everything wrong with one file, in the order the messages are shown: type, then size. */
export function fileProblems(file: FileLike, rules: FileRules): FileProblem[] {
  const problems: FileProblem[] = [];
  if (!isAccepted(file, rules.accept)) problems.push({ code: 'file-invalid-type', accept: rules.accept ?? [] });
  if (rules.maxSize !== undefined && file.size > rules.maxSize) {
    problems.push({ code: 'file-too-large', maxSize: rules.maxSize });
  }
  if (rules.minSize !== undefined && file.size < rules.minSize) {
    problems.push({ code: 'file-too-small', minSize: rules.minSize });
  }
  return problems;
}

/** The problems of a whole drop: too many files, else those of each file in turn. */
export function dropProblems(files: readonly FileLike[], rules: FileRules): FileProblem[] {
  if (rules.maxFiles !== undefined && rules.maxFiles > 0 && files.length > rules.maxFiles) {
    return [{ code: 'too-many-files', maxFiles: rules.maxFiles }];
  }
  return files.flatMap((file) => fileProblems(file, rules));
}

/** The `accept` attribute of a file input for the same list. */
export const acceptAttribute = (accept: readonly string[]): string => accept.map((e) => e.trim()).join(',');
