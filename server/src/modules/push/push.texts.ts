import { LANGUAGES, type Language } from '@kreechat/contract';

type Texts = { newTicket: string; reopened: string; messageFrom: (name: string) => string; newMessage: string };

/**
 * What a push says, in the language its receiver chose: a push is shown by the operating system, outside the
 * app's own translations. The ticket titles are the web app's `newTicketAlert` and `reopened` texts.
 */
const TEXTS: Record<Language, Texts> = {
  en: {
    newTicket: 'New Ticket!',
    reopened: 'Ticket reopened',
    messageFrom: (n) => `Message from ${n}`,
    newMessage: 'New message',
  },
  af: {
    newTicket: 'Nuwe kaartjie!',
    reopened: 'Kaartjie heropen',
    messageFrom: (n) => `Boodskap van ${n}`,
    newMessage: 'Nuwe boodskap',
  },
  bg: {
    newTicket: 'Нов тикет!',
    reopened: 'Тикетът е отворен отново',
    messageFrom: (n) => `Съобщение от ${n}`,
    newMessage: 'Ново съобщение',
  },
  tr: {
    newTicket: 'Yeni Talep!',
    reopened: 'Talep yeniden açıldı',
    messageFrom: (n) => `${n} kişisinden mesaj`,
    newMessage: 'Yeni mesaj',
  },
  es: {
    newTicket: '¡Nuevo ticket!',
    reopened: 'Ticket reabierto',
    messageFrom: (n) => `Mensaje de ${n}`,
    newMessage: 'Nuevo mensaje',
  },
  ru: {
    newTicket: 'Новый тикет!',
    reopened: 'Тикет открыт снова',
    messageFrom: (n) => `Сообщение от ${n}`,
    newMessage: 'Новое сообщение',
  },
  nl: {
    newTicket: 'Nieuw ticket!',
    reopened: 'Ticket heropend',
    messageFrom: (n) => `Bericht van ${n}`,
    newMessage: 'Nieuw bericht',
  },
  ja: {
    newTicket: '新しいチケット！',
    reopened: 'チケットが再オープンされました',
    messageFrom: (n) => `${n}さんからのメッセージ`,
    newMessage: '新しいメッセージ',
  },
};

export function pushTexts(language: string): Texts {
  return TEXTS[(LANGUAGES as readonly string[]).includes(language) ? (language as Language) : 'en'];
}
