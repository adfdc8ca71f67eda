import { useState } from 'react';
import type { Bubble } from '@kreechat/contract';
import { useTranslation } from 'react-i18next';
import { useBubbles } from '@/features/bubbles/api/get-bubbles';
import pageStyles from '@/styles/page.module.css';
import { BubbleForm } from './BubbleForm';
import { BubbleList } from './BubbleList';

/**
 * The Bubbles manager of the user panel (SPEC §2): the create/edit area above the list of the agent's own
 * bubbles. Editing keeps the selected bubble's id; a bubble that disappears (deleted here or in another tab)
 * ends its editing.
 */
export function BubblesSection() {
  const { t } = useTranslation();
  const bubbles = useBubbles();
  const [editingId, setEditingId] = useState<string | null>(null);
  const editing: Bubble | null = (editingId && bubbles.data?.find((b) => b.bubbleid === editingId)) || null;

  return (
    <div className={pageStyles.column}>
      <div className={pageStyles.header}>
        <h1 className={pageStyles.title}>{t('bubbles.title')}</h1>
      </div>
      <p className={pageStyles.intro}>{t('bubbles.intro')}</p>

      {/* A new key per bubble: the form starts from the selected bubble (or empty) each time. */}
      <BubbleForm
        key={editing?.bubbleid ?? 'new'}
        editing={editing}
        onDone={() => setEditingId(null)}
        onCancel={() => setEditingId(null)}
      />
      <BubbleList query={bubbles} editingId={editing?.bubbleid ?? null} onEdit={(b) => setEditingId(b.bubbleid)} />
    </div>
  );
}
