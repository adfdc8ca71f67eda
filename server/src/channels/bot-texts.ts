/** What bots say to clients, in the 8 languages of the product (English when the client's is not among them). */
const TEXTS = {
  en: {
    /** The label of the button that opens the list of departments (WhatsApp, ≤ 20 characters). */
    departmentsButton: 'Departments',
    chooseDepartment: 'Hello! Which department can help you? Please choose one:',
    closed: 'Your ticket has been closed. How would you rate our support?',
    ratingThanks: 'Thank you for your rating!',
  },
  af: {
    departmentsButton: 'Afdelings',
    chooseDepartment: 'Hallo! Watter afdeling kan jou help? Kies asseblief een:',
    closed: 'Jou kaartjie is gesluit. Hoe sou jy ons ondersteuning beoordeel?',
    ratingThanks: 'Dankie vir jou beoordeling!',
  },
  bg: {
    departmentsButton: 'Отдели',
    chooseDepartment: 'Здравейте! Кой отдел може да ви помогне? Моля, изберете:',
    closed: 'Вашият тикет беше затворен. Как бихте оценили нашата поддръжка?',
    ratingThanks: 'Благодарим ви за оценката!',
  },
  tr: {
    departmentsButton: 'Departmanlar',
    chooseDepartment: 'Merhaba! Size hangi departman yardımcı olabilir? Lütfen birini seçin:',
    closed: 'Talebiniz kapatıldı. Desteğimizi nasıl değerlendirirsiniz?',
    ratingThanks: 'Değerlendirmeniz için teşekkür ederiz!',
  },
  es: {
    departmentsButton: 'Departamentos',
    chooseDepartment: '¡Hola! ¿Qué departamento puede ayudarte? Elige uno, por favor:',
    closed: 'Tu ticket se ha cerrado. ¿Cómo valorarías nuestra atención?',
    ratingThanks: '¡Gracias por tu valoración!',
  },
  ru: {
    departmentsButton: 'Отделы',
    chooseDepartment: 'Здравствуйте! Какой отдел может вам помочь? Пожалуйста, выберите:',
    closed: 'Ваше обращение закрыто. Как вы оцените нашу поддержку?',
    ratingThanks: 'Спасибо за вашу оценку!',
  },
  nl: {
    departmentsButton: 'Afdelingen',
    chooseDepartment: 'Hallo! Welke afdeling kan je helpen? Kies er een:',
    closed: 'Je ticket is gesloten. Hoe beoordeel je onze ondersteuning?',
    ratingThanks: 'Bedankt voor je beoordeling!',
  },
  ja: {
    departmentsButton: '部署',
    chooseDepartment: 'こんにちは！どの部署がお手伝いできますか？お選びください：',
    closed: 'チケットはクローズされました。サポートの評価をお願いします。',
    ratingThanks: '評価していただきありがとうございます！',
  },
} as const;

export type BotTextKey = keyof (typeof TEXTS)['en'];

export function botText(language: string | null | undefined, key: BotTextKey): string {
  const texts = (
    language && language in TEXTS ? TEXTS[language as keyof typeof TEXTS] : TEXTS.en
  ) as (typeof TEXTS)['en'];
  return texts[key];
}

/** The 1–3 star buttons under the closing text (SPEC §9: rating out of 3). */
export const RATING_LABELS = ['★', '★★', '★★★'] as const;
