import EmojiPicker, { EmojiStyle, Theme, type EmojiDataLoader } from 'emoji-picker-react';
import type { Language } from '@kreechat/contract';
import { useTranslation } from 'react-i18next';

/**
 * Emoji names for search in the UI languages the picker ships (the others search in English). Loaders live at
 * module scope: the picker loads again whenever it is handed a new function.
 */
const EMOJI_DATA: Partial<Record<Language, EmojiDataLoader>> = {
  es: () => import('emoji-picker-react/data/emojis-es'),
  ru: () => import('emoji-picker-react/data/emojis-ru'),
  nl: () => import('emoji-picker-react/data/emojis-nl'),
  ja: () => import('emoji-picker-react/data/emojis-ja'),
};

interface EmojiPickerPanelProps {
  lang: Language;
  onPick: (emoji: string) => void;
}

/**
 * emoji-picker-react, loaded only when an emoji button first opens (EmojiButton imports this module lazily).
 * Native emoji: the default image sets come from a CDN that a self-hosted desk may not reach.
 */
export default function EmojiPickerPanel({ lang, onPick }: EmojiPickerPanelProps) {
  const { t } = useTranslation();
  return (
    <EmojiPicker
      emojiStyle={EmojiStyle.NATIVE}
      theme={Theme.LIGHT}
      emojiData={EMOJI_DATA[lang]}
      lazyLoadEmojis
      width="100%"
      height={380}
      previewConfig={{ showPreview: false }}
      labels={{
        searchPlaceholder: t('composer.emojiSearch'),
        searchLabel: t('composer.emojiSearch'),
        searchClear: t('composer.emojiSearchClear'),
        searchResultsNone: t('composer.emojiNoResults'),
        loading: t('composer.emojiLoading'),
        loadingError: t('composer.emojiLoadFailed'),
        retryLoading: t('common.retry'),
        categoryNavigation: t('composer.emojiCategories'),
        skinToneNeutral: t('composer.skinToneNeutral'),
        skinToneLight: t('composer.skinToneLight'),
        skinToneMediumLight: t('composer.skinToneMediumLight'),
        skinToneMedium: t('composer.skinToneMedium'),
        skinToneMediumDark: t('composer.skinToneMediumDark'),
        skinToneDark: t('composer.skinToneDark'),
      }}
      onEmojiClick={(data) => onPick(data.emoji)}
    />
  );
}
