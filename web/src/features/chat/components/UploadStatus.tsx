import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/Button';
import { IconButton } from '@/components/IconButton';
import { Spinner } from '@/components/Spinner';
import type { Upload } from '@/features/chat/hooks/use-file-upload';
import styles from './chat.module.css';

/** A file going out (a spinner and its name), or why it failed with Retry and Dismiss. */
export function UploadStatus({
  upload,
  onRetry,
  onDismiss,
}: {
  upload: Upload;
  onRetry: () => void;
  onDismiss: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className={styles.upload} data-status={upload.status} role={upload.status === 'sending' ? 'status' : 'alert'}>
      {upload.status === 'sending' && <Spinner size="sm" />}
      <span className={styles.uploadText}>
        {upload.status === 'sending' ? t('chat.uploading', { name: upload.file.name }) : upload.error}
      </span>
      {upload.status === 'failed' && (
        <>
          <Button size="sm" variant="secondary" onClick={onRetry}>
            {t('chat.retry')}
          </Button>
          <IconButton label={t('common.dismiss')} tooltipPlacement="top" onClick={onDismiss}>
            <X size={16} aria-hidden="true" />
          </IconButton>
        </>
      )}
    </div>
  );
}
