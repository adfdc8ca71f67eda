import { describe, expect, it } from 'vitest';
import { CHAT_FILE_TYPES, isAcceptedFile, UPLOAD_ERRORS, uploadErrorOf } from './file-types';

describe('isAcceptedFile', () => {
  it('takes images, video and audio by their bytes, whatever the name', () => {
    expect(isAcceptedFile('image/png', 'screen.png')).toBe(true);
    expect(isAcceptedFile('image/jpeg', 'IMG_0001')).toBe(true);
    expect(isAcceptedFile('video/mp4', 'clip.mov')).toBe(true);
    expect(isAcceptedFile('audio/ogg; codecs=opus', 'voice.ogg')).toBe(true);
    expect(isAcceptedFile('AUDIO/MPEG', 'song.mp3')).toBe(true);
  });

  it('takes a document when its name and its bytes agree', () => {
    expect(isAcceptedFile('application/pdf', 'Invoice.PDF')).toBe(true);
    expect(isAcceptedFile('application/x-cfb', 'old.doc')).toBe(true);
    expect(isAcceptedFile('application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'a.docx')).toBe(
      true,
    );
    expect(isAcceptedFile('application/zip', 'reordered.xlsx')).toBe(true);
    expect(isAcceptedFile('application/vnd.oasis.opendocument.text', 'letter.odt')).toBe(true);
    expect(isAcceptedFile('text/plain', 'notes.txt')).toBe(true);
    expect(isAcceptedFile('application/octet-stream', 'latin1.csv')).toBe(true);
    expect(isAcceptedFile('application/rtf', 'memo.rtf')).toBe(true);
    expect(isAcceptedFile('application/zip', 'photos.zip')).toBe(true);
  });

  it('refuses other types, and a document whose bytes are not what its name says', () => {
    expect(isAcceptedFile('application/x-msdownload', 'evil.exe')).toBe(false);
    expect(isAcceptedFile('application/octet-stream', 'evil.exe')).toBe(false);
    expect(isAcceptedFile('application/x-msdownload', 'report.pdf')).toBe(false);
    expect(isAcceptedFile('application/x-msdownload', 'notes.txt')).toBe(false);
    expect(isAcceptedFile('application/octet-stream', 'dump.bin')).toBe(false);
    expect(isAcceptedFile('application/octet-stream', 'photo.png')).toBe(false);
    expect(isAcceptedFile('text/plain', 'page.html')).toBe(false);
    expect(isAcceptedFile('text/plain', 'drawing.svg')).toBe(false);
    expect(isAcceptedFile('application/x-7z-compressed', 'archive.7z')).toBe(false);
    expect(isAcceptedFile('application/pdf', 'invoice.pdf.exe')).toBe(false);
  });

  it('knows what bytes every document suffix of the list may carry', () => {
    for (const entry of CHAT_FILE_TYPES.filter((e) => e.startsWith('.'))) {
      expect(() => isAcceptedFile('application/pdf', `x${entry}`)).not.toThrow();
    }
  });
});

describe('uploadErrorOf', () => {
  it('names each refusal by its text, and nothing else', () => {
    expect(uploadErrorOf(UPLOAD_ERRORS.companyFull)).toBe('companyFull');
    expect(uploadErrorOf(UPLOAD_ERRORS.typeNotAccepted)).toBe('typeNotAccepted');
    expect(uploadErrorOf('Too many messages. Wait a moment.')).toBeUndefined();
    expect(uploadErrorOf(undefined)).toBeUndefined();
  });
});
