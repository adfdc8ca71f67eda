import { useId, useRef, useState, type ChangeEvent } from 'react';
import { ImageUp } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '@/components/Avatar';
import { Button } from '@/components/Button';
import { uploadErrorText } from '@/lib/upload-errors';
import { useChangeProfilePic } from '@/features/profile/api/change-profile-pic';
import { photoProblem } from '@/features/profile/lib/photo';
import styles from './profile.module.css';

interface PhotoFieldProps {
  profilePic: string | null;
  name: string;
}

type Note = { tone: 'error' | 'done'; text: string };

/**
 * The photo upload of the edit form (SPEC §2: image files only). A chosen photo is checked, then sent at once:
 * it needs no logout, unlike the names and e-mail.
 */
export function PhotoField({ profilePic, name }: PhotoFieldProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const upload = useChangeProfilePic();
  const [note, setNote] = useState<Note | null>(null);
  const rulesId = useId();
  const noteId = useId();

  const onChoose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Choosing the same file again must fire again.
    event.target.value = '';
    if (!file) return;
    const problem = photoProblem(file);
    if (problem) {
      setNote({ tone: 'error', text: t(`profilePhoto.${problem}`) });
      return;
    }
    setNote(null);
    upload.mutate(file, {
      onSuccess: () => setNote({ tone: 'done', text: t('profilePhoto.updated') }),
      onError: (failure) => setNote({ tone: 'error', text: uploadErrorText(failure, t, t('profilePhoto.failed')) }),
    });
  };

  return (
    <div className={styles.photoField}>
      <Avatar src={profilePic} alt={t('profile.pictureAlt', { name })} size={72} />
      <div className={styles.photoText}>
        <span className={styles.photoLabel}>{t('profilePhoto.label')}</span>
        <span id={rulesId} className={styles.photoRules}>
          {t('profilePhoto.rules')}
        </span>
        <span
          id={noteId}
          role={note?.tone === 'error' ? 'alert' : 'status'}
          className={note?.tone === 'error' ? styles.photoError : styles.photoDone}
        >
          {upload.isPending ? t('profilePhoto.uploading') : note?.text}
        </span>
      </div>
      <Button
        variant="secondary"
        className={styles.photoButton}
        icon={<ImageUp size={16} aria-hidden="true" />}
        busy={upload.isPending}
        aria-describedby={`${rulesId} ${noteId}`}
        onClick={() => input.current?.click()}
      >
        {t('profilePhoto.choose')}
      </Button>
      <input ref={input} type="file" accept="image/*" hidden tabIndex={-1} aria-hidden="true" onChange={onChoose} />
    </div>
  );
}
