import { Suspense, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyComponent } from '@/lib/lazy-component';
import { ChatSkeleton } from './ChatSkeleton';

const LazyChatPane = lazyComponent(() => import('./ChatPane').then((m) => m.ChatPane));

/**
 * The chat pane, fetched apart from the workspace's first screen (the lists), which it is not part of: the
 * workspace preloads it once it shows, so the first ticket opened does not wait for it.
 */
export function ChatPane(props: ComponentProps<typeof LazyChatPane>) {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<ChatSkeleton label={t('chat.loading')} />}>
      <LazyChatPane {...props} />
    </Suspense>
  );
}

export const preloadChatPane = LazyChatPane.preload;
