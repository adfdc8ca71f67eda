import { useId, useLayoutEffect, useRef } from 'react';
import { FileText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/Button';
import { currentLanguage } from '@/lib/i18n';
import type { PickedFile } from '@/features/chat/hooks/use-file-drop';
import { fileProblemText } from '@/features/chat/lib/composer-files';
import { FileSize } from './MessageBody';
import composer from './composer.module.css';

/** The details of a picked file (SPEC §2: name, size, type) with Send and Cancel, or why it cannot go. */
export function PickedFileCard({
  picked,
  busy,
  blocked,
  onSend,
  onCancel,
}: {
  picked: PickedFile;
  /** Another file is still going out. */
  busy: boolean;
  /** Why this file cannot go now although it is fine (the composer writes a note); null when it can. */
  blocked: string | null;
  onSend: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const lang = currentLanguage();
  const { file } = picked;
  const problems = blocked ? [...picked.problems, { code: 'note' as const }] : picked.problems;
  const sendButton = useRef<HTMLButtonElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);

  // The choice is the next thing to make: focus lands on Send (or on Cancel when the file cannot go).
  useLayoutEffect(() => {
    (problems.length === 0 ? sendButton : cancelButton).current?.focus();
  }, [picked, problems.length]);

  return (
    <div
      className={composer.picked}
      role="group"
      aria-labelledby={titleId}
      data-invalid={problems.length > 0 || undefined}
    >
      <span className={composer.pickedIcon} aria-hidden="true">
        <FileText size={20} />
      </span>
      <div className={composer.pickedText}>
        <p id={titleId} className="visually-hidden">
          {t('composer.fileDetails')}
        </p>
        <p className={composer.pickedName} title={file.name}>
          {file.name}
        </p>
        <dl className={composer.pickedMeta}>
          <dt className="visually-hidden">{t('composer.fileSize')}</dt>
          <dd>
            <FileSize bytes={file.size} />
          </dd>
          <dt className="visually-hidden">{t('composer.fileType')}</dt>
          <dd className={composer.pickedType}>{file.type || t('composer.unknownType')}</dd>
        </dl>
        {/* The alert around the list, not on it: role="alert" on the <ul> would take its list role from the items. */}
        {problems.length > 0 && (
          <div role="alert">
            <ul className={composer.problems}>
              {problems.map((problem) => (
                <li key={problem.code}>{problem.code === 'note' ? blocked : fileProblemText(t, problem, lang)}</li>
              ))}
            </ul>
          </div>
        )}
      </div>
      <div className={composer.pickedActions}>
        <Button ref={cancelButton} size="sm" variant="secondary" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        {problems.length === 0 && (
          <Button ref={sendButton} size="sm" disabled={busy} onClick={onSend}>
            {t('composer.sendFile')}
          </Button>
        )}
      </div>
    </div>
  );
}
