import { describe, expect, it } from 'vitest';
import { COMPOSER_FILE_RULES } from '../../web/src/features/chat/lib/composer-files';
import { MAX_UPLOAD_BYTES } from './constants';
import { fileErrors, WIDGET_FILE_ACCEPT, WIDGET_FILE_RULES } from './files';
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
