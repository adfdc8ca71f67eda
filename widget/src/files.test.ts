import { describe, expect, it } from 'vitest';
import { COMPOSER_FILE_RULES } from '../../web/src/features/chat/lib/composer-files';
import { MAX_UPLOAD_BYTES } from './constants';
import { UPLOAD_ERRORS } from '@kreechat/contract/file-types';
import { fileErrors, uploadRefusal, WIDGET_FILE_ACCEPT, WIDGET_FILE_RULES } from './files';
import { translator } from './i18n';

const en = translator('en');

describe('the widget file rules', () => {
  it('are the agents composer rules', () => {
    expect(WIDGET_FILE_RULES).toEqual(COMPOSER_FILE_RULES);
    expect(WIDGET_FILE_ACCEPT.split(',')).toContain('.pdf');
  });

  it('accept images, office documents and files up to the upload limit', () => {
    expect(fileErrors({ name: 'photo.JPG', type: 'image/jpeg', size: 1000 }, en, 'en')).toEqual([]);
    expect(fileErrors({ name: 'offer.docx', type: '', size: MAX_UPLOAD_BYTES }, en, 'en')).toEqual([]);
    expect(fileErrors({ name: 'empty.txt', type: 'text/plain', size: 0 }, en, 'en')).toEqual([]);
  });

  it('refuse other types and larger files with SPEC §5 messages in the visitor language', () => {
    const [typeError] = fileErrors({ name: 'setup.exe', type: 'application/x-msdownload', size: 10 }, en, 'en');
    expect(typeError).toMatch(/^File type must be image\/\*, video\/\*, audio\/\*, \.pdf/);
    expect(fileErrors({ name: 'big.zip', type: 'application/zip', size: MAX_UPLOAD_BYTES + 1 }, en, 'en')).toEqual([
      'File is larger than 20,971,520 bytes',
    ]);
    const [russian] = fileErrors({ name: 'big.zip', type: '', size: MAX_UPLOAD_BYTES + 1 }, translator('ru'), 'ru');
    expect(russian).toMatch(/^Файл больше 20\s971\s520 байт$/);
  });
});

describe('a file the server refused', () => {
  const refused = (message: string, retryAfter: number | null = null) => ({ message, retryAfter });

  it('says why in the visitor language when the server gave one of the contract’s reasons', () => {
    expect(uploadRefusal(refused(UPLOAD_ERRORS.typeNotAccepted), en, 'en')).toMatch(/^File type must be image\/\*/);
    expect(uploadRefusal(refused(UPLOAD_ERRORS.companyFull), en, 'en')).toBe(
      'This file cannot be received right now: the storage is full.',
    );
    expect(uploadRefusal(refused(UPLOAD_ERRORS.overDailyAllowance), translator('nl'), 'nl')).toBe(
      'Dit bestand is groter dan wat er op één dag verstuurd kan worden.',
    );
    expect(uploadRefusal(refused(UPLOAD_ERRORS.dailyAllowanceUsed, 22 * 3600), en, 'en')).toBe(
      'You have sent as many files as allowed for now. You can send more in 22 hours.',
    );
    expect(uploadRefusal(refused(UPLOAD_ERRORS.dailyAllowanceUsed, 90), translator('es'), 'es')).toBe(
      'Ya has enviado todos los archivos permitidos por ahora. Podrás enviar más dentro de 2 minutos.',
    );
  });

  it('leaves any other refusal to the caller', () => {
    expect(uploadRefusal(refused('Too many messages. Wait a moment.', 30), en, 'en')).toBeUndefined();
  });
});
