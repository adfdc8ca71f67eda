import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Modal } from '@/components/Modal';
import type { MediaTarget } from './MessageBody';
import styles from './chat.module.css';

interface MediaViewerProps {
  target: MediaTarget | null;
  onClose: () => void;
}

/** The image viewer and video viewer modals (SPEC §2): the full file, its name and a download link. */
export function MediaViewer({ target, onClose }: MediaViewerProps) {
  const { t } = useTranslation();
  const message = target?.message;
  const src = message ? (target.kind === 'image' ? (message.imageUrl ?? message.path) : message.path) : null;
  const name = message?.file_name ?? '';
  return (
    <Modal
      open={target !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={target?.kind === 'video' ? t('chat.videoViewer') : t('chat.imageViewer')}
      subtitle={name || undefined}
      closeLabel={t('common.close')}
      variant="media"
      actions={
        src ? (
          <a
            className={styles.viewerDownload}
            href={src}
            download={name || true}
            aria-label={t('chat.download', { name: name || t(target?.kind === 'video' ? 'chat.video' : 'chat.image') })}
            title={t('chat.downloadFile')}
          >
            <Download size={18} aria-hidden="true" />
          </a>
        ) : null
      }
    >
      {src && target?.kind === 'image' && (
        <img className={styles.viewerMedia} src={src} alt={name || t('chat.image')} />
      )}
      {src && target?.kind === 'video' && (
        <video className={styles.viewerMedia} src={src} controls autoPlay playsInline>
          <a href={src}>{t('chat.downloadFile')}</a>
        </video>
      )}
    </Modal>
  );
}
