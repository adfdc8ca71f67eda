import { describe, expect, it } from 'vitest';
import { acceptAttribute, dropProblems, fileProblems, isAccepted } from './file-rules';

const file = (name: string, type: string, size = 10) => ({ name, type, size });

describe('isAccepted (SPEC §5 accepted-types list)', () => {
  it('accepts when there is no file or no list', () => {
    expect(isAccepted(null, ['image/*'])).toBe(true);
    expect(isAccepted(undefined, ['image/*'])).toBe(true);
    expect(isAccepted(file('a.exe', 'application/x-msdownload'), undefined)).toBe(true);
    expect(isAccepted(file('a.exe', 'application/x-msdownload'), [])).toBe(true);
  });

  it('matches a leading-dot entry by the end of the file name, case-insensitively', () => {
    expect(isAccepted(file('Report.PDF', ''), ['.pdf'])).toBe(true);
    expect(isAccepted(file('report.pdf.exe', ''), ['.pdf'])).toBe(false);
    expect(isAccepted(file('pdf', ''), ['.pdf'])).toBe(false);
  });

  it('matches a trailing /* entry by the main media type', () => {
    expect(isAccepted(file('x.png', 'image/png'), ['image/*'])).toBe(true);
    expect(isAccepted(file('x.mp4', 'video/mp4'), ['image/*'])).toBe(false);
    // "image/*" must not match a type that merely starts with "image".
    expect(isAccepted(file('x', 'imagery/png'), ['image/*'])).toBe(false);
  });

  it('otherwise needs the full media type to be equal', () => {
    expect(isAccepted(file('x.pdf', 'application/pdf'), ['application/pdf'])).toBe(true);
    expect(isAccepted(file('x.pdf', 'Application/PDF'), ['application/pdf'])).toBe(true);
    expect(isAccepted(file('x.pdfx', 'application/pdfx'), ['application/pdf'])).toBe(false);
    expect(isAccepted(file('x', ''), ['application/pdf'])).toBe(false);
  });

  it('trims and lowercases the entries and ignores empty ones', () => {
    expect(isAccepted(file('notes.txt', 'text/plain'), ['  .TXT '])).toBe(true);
    expect(isAccepted(file('a.png', 'image/png'), [' IMAGE/* '])).toBe(true);
    expect(isAccepted(file('a.png', 'image/png'), ['  ', ''])).toBe(false);
  });

  it('accepts a file that matches any one entry', () => {
    const accept = ['image/*', '.pdf', 'application/zip'];
    expect(isAccepted(file('a.zip', 'application/zip'), accept)).toBe(true);
    expect(isAccepted(file('a.pdf', 'application/octet-stream'), accept)).toBe(true);
    expect(isAccepted(file('a.exe', 'application/x-msdownload'), accept)).toBe(false);
  });
});

describe('fileProblems', () => {
  const rules = { accept: ['image/*'], minSize: 1, maxSize: 100 };

  it('finds nothing wrong with a fitting file', () => {
    expect(fileProblems(file('a.png', 'image/png', 100), rules)).toEqual([]);
    expect(fileProblems(file('a.png', 'image/png', 1), rules)).toEqual([]);
  });

  it('names the wrong type with the list, then the size', () => {
    expect(fileProblems(file('a.exe', 'application/x-msdownload', 101), rules)).toEqual([
      { code: 'file-invalid-type', accept: ['image/*'] },
      { code: 'file-too-large', maxSize: 100 },
    ]);
    expect(fileProblems(file('a.png', 'image/png', 0), rules)).toEqual([{ code: 'file-too-small', minSize: 1 }]);
  });

  it('has no size limits unless given', () => {
    expect(fileProblems(file('a.bin', '', Number.MAX_SAFE_INTEGER), {})).toEqual([]);
    expect(fileProblems(file('a.bin', '', 0), {})).toEqual([]);
  });
});

describe('dropProblems', () => {
  it('refuses more files than allowed before looking at each', () => {
    const files = [file('a.exe', ''), file('b.png', 'image/png')];
    expect(dropProblems(files, { accept: ['image/*'], maxFiles: 1 })).toEqual([
      { code: 'too-many-files', maxFiles: 1 },
    ]);
  });

  it('otherwise lists the problems of every file', () => {
    const files = [file('a.exe', ''), file('b.png', 'image/png')];
    expect(dropProblems(files, { accept: ['image/*'] })).toEqual([{ code: 'file-invalid-type', accept: ['image/*'] }]);
    expect(dropProblems(files, { accept: ['image/*'], maxFiles: 2 })).toHaveLength(1);
  });
});

describe('acceptAttribute', () => {
  it('joins the trimmed entries for an <input accept>', () => {
    expect(acceptAttribute([' image/* ', '.pdf'])).toBe('image/*,.pdf');
  });
});
