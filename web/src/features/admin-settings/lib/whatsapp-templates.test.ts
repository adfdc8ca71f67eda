import { describe, expect, it } from 'vitest';
import type { WhatsAppTemplate } from '@kreechat/contract';
import { addSubmittedTemplate, checkTemplate, patchTemplateStatus, templateLanguageLabel } from './whatsapp-templates';

const template = (name: string, language: string, status: string): WhatsAppTemplate => ({
  id: `${name}-${language}`,
  name,
  language,
  status,
  category: 'UTILITY',
  body: 'Hello',
});

describe('checkTemplate (SPEC §5)', () => {
  it('trims and names the template after its title', () => {
    expect(checkTemplate({ title: '  Order update ', text: ' Your order shipped.\n', language: 'en_US' })).toEqual({
      ok: true,
      body: { template_title: 'Order update', template_text: 'Your order shipped.', language: 'en_US' },
      name: 'order_update',
    });
  });

  it('refuses an empty title or message', () => {
    expect(checkTemplate({ title: '   ', text: 'Hi', language: 'en_US' })).toEqual({ ok: false, problem: 'empty' });
    expect(checkTemplate({ title: 'Hi', text: '\n ', language: 'en_US' })).toEqual({ ok: false, problem: 'empty' });
  });

  it('refuses a title that leaves no name, and a message over the limit', () => {
    expect(checkTemplate({ title: 'Привет', text: 'Hi', language: 'ru' })).toEqual({ ok: false, problem: 'noName' });
    expect(checkTemplate({ title: 'Hi', text: 'x'.repeat(1025), language: 'en_US' })).toEqual({
      ok: false,
      problem: 'textTooLong',
    });
    expect(checkTemplate({ title: 'Hi', text: 'Hi', language: 'English' })).toEqual({
      ok: false,
      problem: 'language',
    });
  });
});

describe('template cache', () => {
  it('puts a submission first, replacing the same name and language', () => {
    const list = [template('welcome', 'en_US', 'APPROVED'), template('welcome', 'nl', 'APPROVED')];
    const next = addSubmittedTemplate(list, template('welcome', 'en_US', 'PENDING'));
    expect(next.map((entry) => `${entry.language}:${entry.status}`)).toEqual(['en_US:PENDING', 'nl:APPROVED']);
    expect(addSubmittedTemplate(undefined, template('a', 'ja', 'PENDING'))).toHaveLength(1);
  });

  it('applies a review result to its template only', () => {
    const list = [template('welcome', 'en_US', 'PENDING'), template('welcome', 'nl', 'PENDING')];
    const { list: next, found } = patchTemplateStatus(list, { name: 'welcome', language: 'nl', status: 'APPROVED' });
    expect(found).toBe(true);
    expect(next?.map((entry) => entry.status)).toEqual(['PENDING', 'APPROVED']);
    expect(next?.[0]).toBe(list[0]);
  });

  it('says when the template is not in the list', () => {
    const list = [template('welcome', 'en_US', 'PENDING')];
    expect(patchTemplateStatus(list, { name: 'other', language: 'en_US', status: 'APPROVED' })).toEqual({
      list,
      found: false,
    });
    expect(patchTemplateStatus(undefined, { name: 'a', language: 'en_US', status: 'APPROVED' }).found).toBe(false);
  });
});

describe('templateLanguageLabel', () => {
  it("names the app's languages in their own words, and keeps other codes", () => {
    expect(templateLanguageLabel('en_US')).toBe('English (en_US)');
    expect(templateLanguageLabel('ja')).toBe('日本語 (ja)');
    expect(templateLanguageLabel('pt_BR')).toBe('pt_BR');
  });
});
