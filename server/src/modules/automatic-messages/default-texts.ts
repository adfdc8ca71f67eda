import type { AutoMessageKind, AutoMessageTexts, Language } from '@kreechat/contract';

/**
 * The built-in wording of every automatic message in the 8 languages: what a company's clients read until its
 * admins write their own. The last four are the texts the bots always sent (the old closing text is `closing` and
 * `ratingQuestion` joined, see `joinClosing`). It lives in this module, not in channels/bot-texts.ts, because
 * modules never import channels, and both the settings and the delivery of these texts are modules' work.
 */
export const DEFAULT_TEXTS: Record<Language, Record<AutoMessageKind, string>> = {
  en: {
    greeting:
      'Hello {client_name}! Thanks for writing — your ticket #{ticket_number} is with our {department} team; someone will answer shortly.',
    outOfHours:
      'Thanks for your message, {client_name}. We are closed now and open again {next_opening}; we will answer you then.',
    stillWaiting:
      'Thanks for waiting, {client_name}. Everyone in our {department} team is busy right now; we have not forgotten you and will answer as soon as we can.',
    reopened:
      'Welcome back, {client_name}! Your ticket #{ticket_number} is open again and our {department} team will answer shortly.',
    chooseDepartment: 'Hello! Which department can help you? Please choose one:',
    closing: 'Your ticket has been closed.',
    ratingQuestion: 'How would you rate our support?',
    ratingThanks: 'Thank you for your rating!',
  },
  af: {
    greeting:
      'Hallo {client_name}! Dankie dat jy geskryf het — jou kaartjie #{ticket_number} is by ons {department}-span; iemand sal jou binnekort antwoord.',
    outOfHours:
      'Dankie vir jou boodskap, {client_name}. Ons is nou gesluit en weer oop {next_opening}; ons sal jou dan antwoord.',
    stillWaiting:
      'Dankie vir jou geduld, {client_name}. Almal in ons {department}-span is tans besig; ons het jou nie vergeet nie en sal so gou moontlik antwoord.',
    reopened:
      'Welkom terug, {client_name}! Jou kaartjie #{ticket_number} is weer oop en ons {department}-span sal jou binnekort antwoord.',
    chooseDepartment: 'Hallo! Watter afdeling kan jou help? Kies asseblief een:',
    closing: 'Jou kaartjie is gesluit.',
    ratingQuestion: 'Hoe sou jy ons ondersteuning beoordeel?',
    ratingThanks: 'Dankie vir jou beoordeling!',
  },
  bg: {
    greeting:
      'Здравейте, {client_name}! Благодарим, че ни писахте — вашият тикет #{ticket_number} е при екипа на {department}; скоро някой ще ви отговори.',
    outOfHours:
      'Благодарим за съобщението, {client_name}. В момента не работим и отваряме отново {next_opening}; тогава ще ви отговорим.',
    stillWaiting:
      'Благодарим за търпението, {client_name}. Всички от екипа на {department} в момента са заети; не сме ви забравили и ще отговорим възможно най-скоро.',
    reopened:
      'Добре дошли отново, {client_name}! Вашият тикет #{ticket_number} е отворен отново и екипът на {department} скоро ще ви отговори.',
    chooseDepartment: 'Здравейте! Кой отдел може да ви помогне? Моля, изберете:',
    closing: 'Вашият тикет беше затворен.',
    ratingQuestion: 'Как бихте оценили нашата поддръжка?',
    ratingThanks: 'Благодарим ви за оценката!',
  },
  tr: {
    greeting:
      'Merhaba {client_name}! Yazdığınız için teşekkürler — #{ticket_number} numaralı talebiniz {department} ekibimizde; kısa süre içinde size yanıt verilecek.',
    outOfHours:
      'Mesajınız için teşekkürler, {client_name}. Şu anda kapalıyız, {next_opening} yeniden açılıyoruz; size o zaman yanıt vereceğiz.',
    stillWaiting:
      'Beklediğiniz için teşekkürler, {client_name}. {department} ekibimizin tamamı şu anda meşgul; sizi unutmadık, en kısa sürede yanıt vereceğiz.',
    reopened:
      'Tekrar hoş geldiniz, {client_name}! #{ticket_number} numaralı talebiniz yeniden açıldı; {department} ekibimiz kısa süre içinde yanıt verecek.',
    chooseDepartment: 'Merhaba! Size hangi departman yardımcı olabilir? Lütfen birini seçin:',
    closing: 'Talebiniz kapatıldı.',
    ratingQuestion: 'Desteğimizi nasıl değerlendirirsiniz?',
    ratingThanks: 'Değerlendirmeniz için teşekkür ederiz!',
  },
  es: {
    greeting:
      '¡Hola, {client_name}! Gracias por escribirnos: tu ticket #{ticket_number} está con nuestro equipo de {department}; alguien te responderá en breve.',
    outOfHours:
      'Gracias por tu mensaje, {client_name}. Ahora estamos cerrados y volvemos a abrir {next_opening}; te responderemos entonces.',
    stillWaiting:
      'Gracias por esperar, {client_name}. Todo nuestro equipo de {department} está ocupado ahora mismo; no nos hemos olvidado de ti y te responderemos lo antes posible.',
    reopened:
      '¡Hola de nuevo, {client_name}! Tu ticket #{ticket_number} se ha vuelto a abrir y nuestro equipo de {department} te responderá en breve.',
    chooseDepartment: '¡Hola! ¿Qué departamento puede ayudarte? Elige uno, por favor:',
    closing: 'Tu ticket se ha cerrado.',
    ratingQuestion: '¿Cómo valorarías nuestra atención?',
    ratingThanks: '¡Gracias por tu valoración!',
  },
  ru: {
    greeting:
      'Здравствуйте, {client_name}! Спасибо, что написали: ваше обращение #{ticket_number} передано в отдел «{department}», скоро вам ответят.',
    outOfHours:
      'Спасибо за сообщение, {client_name}. Сейчас мы не работаем и откроемся снова {next_opening}; тогда и ответим.',
    stillWaiting:
      'Спасибо за терпение, {client_name}. Все сотрудники отдела «{department}» сейчас заняты; мы о вас помним и ответим как можно скорее.',
    reopened:
      'С возвращением, {client_name}! Ваше обращение #{ticket_number} снова открыто, отдел «{department}» скоро вам ответит.',
    chooseDepartment: 'Здравствуйте! Какой отдел может вам помочь? Пожалуйста, выберите:',
    closing: 'Ваше обращение закрыто.',
    ratingQuestion: 'Как вы оцените нашу поддержку?',
    ratingThanks: 'Спасибо за вашу оценку!',
  },
  nl: {
    greeting:
      'Hallo {client_name}! Bedankt voor je bericht — je ticket #{ticket_number} ligt bij ons {department}-team; er wordt snel gereageerd.',
    outOfHours:
      'Bedankt voor je bericht, {client_name}. We zijn nu gesloten en weer open {next_opening}; dan reageren we.',
    stillWaiting:
      'Bedankt voor je geduld, {client_name}. Iedereen in ons {department}-team is nu bezet; we zijn je niet vergeten en reageren zo snel mogelijk.',
    reopened:
      'Welkom terug, {client_name}! Je ticket #{ticket_number} is weer geopend en ons {department}-team reageert snel.',
    chooseDepartment: 'Hallo! Welke afdeling kan je helpen? Kies er een:',
    closing: 'Je ticket is gesloten.',
    ratingQuestion: 'Hoe beoordeel je onze ondersteuning?',
    ratingThanks: 'Bedankt voor je beoordeling!',
  },
  ja: {
    greeting:
      '{client_name}様、お問い合わせありがとうございます。チケット#{ticket_number}は{department}チームが担当いたします。まもなく担当者よりご返信いたします。',
    outOfHours:
      '{client_name}様、メッセージありがとうございます。ただいま営業時間外です。次の営業開始は{next_opening}です。営業開始後にご返信いたします。',
    stillWaiting:
      '{client_name}様、お待たせしております。ただいま{department}の担当者がすべて対応中です。できるだけ早くご返信いたしますので、もうしばらくお待ちください。',
    reopened:
      '{client_name}様、再度のお問い合わせありがとうございます。チケット#{ticket_number}を再開しました。まもなく{department}チームよりご返信いたします。',
    chooseDepartment: 'こんにちは！どの部署がお手伝いできますか？お選びください：',
    closing: 'チケットはクローズされました。',
    ratingQuestion: 'サポートの評価をお願いします。',
    ratingThanks: '評価していただきありがとうございます！',
  },
};

/** Every language's default of one kind (the settings screen shows them beside the company's own). */
export const defaultsOf = (kind: AutoMessageKind): AutoMessageTexts =>
  Object.fromEntries(
    Object.entries(DEFAULT_TEXTS).map(([language, texts]) => [language, texts[kind]]),
  ) as AutoMessageTexts;
