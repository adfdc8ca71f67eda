import { Download, FileText, MapPin, Play } from 'lucide-react';
import type { Message } from '@kreechat/contract';
import { useTranslation } from 'react-i18next';
import { fileSize } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { mapsUrl, parseRegion } from '@/features/chat/lib/chat-pages';
import { MessageText } from './MessageText';
import styles from './chat.module.css';

/** SPEC §5: a document the channel could not fetch is named so and offers no download. */
const TOO_LARGE = 'Filesize too large!';

export type MediaTarget = { kind: 'image' | 'video'; message: Message };

interface MessageBodyProps {
  message: Message;
  onOpenMedia: (target: MediaTarget) => void;
}

export function FileSize({ bytes }: { bytes: number | null }) {
  const { t } = useTranslation();
  if (bytes === null) return null;
  const size = fileSize(bytes, currentLanguage());
  return (
    <span>
      {size.unit === 'mb' ? t('chat.sizeMb', { size: size.amount }) : t('chat.sizeKb', { size: size.amount })}
    </span>
  );
}

/** A caption sent with a file, when it says more than the file name. */
function Caption({ message }: { message: Message }) {
  const text = message.content.trim();
  if (!text || text === message.file_name) return null;
  return <MessageText text={text} />;
}

/** The inside of a bubble, by message type (SPEC §2 Chat pane). */
export function MessageBody({ message, onOpenMedia }: MessageBodyProps) {
  const { t } = useTranslation();
  const name = message.file_name ?? '';

  // Its client was erased: the row keeps its place in the chat, with nothing of what was written.
  if (message.erased) return <p className={styles.fileMissing}>{t('chat.messageErased')}</p>;

  switch (message.type) {
    case 'text':
      return <MessageText text={message.content} />;

    case 'note':
      return <MessageText text={message.content} note />;

    case 'image': {
      const src = message.thumbnailUrl ?? message.imageUrl ?? message.path;
      return (
        <>
          {src ? (
            <button
              type="button"
              className={styles.thumb}
              aria-label={t('chat.openImage', { name: name || t('chat.image') })}
              onClick={() => onOpenMedia({ kind: 'image', message })}
            >
              <img src={src} alt="" loading="lazy" decoding="async" />
            </button>
          ) : (
            <p className={styles.fileMissing}>{t('chat.image')}</p>
          )}
          <Caption message={message} />
        </>
      );
    }

    case 'video':
      return (
        <>
          <button
            type="button"
            className={`${styles.thumb} ${styles.videoThumb}`}
            aria-label={t('chat.playVideo', { name: name || t('chat.video') })}
            onClick={() => onOpenMedia({ kind: 'video', message })}
            disabled={!message.path}
          >
            {message.video_thumbnail ? (
              <img src={message.video_thumbnail} alt="" loading="lazy" decoding="async" />
            ) : (
              <span className={styles.videoPlaceholder} />
            )}
            <span className={styles.play} aria-hidden="true">
              <Play size={20} />
            </span>
          </button>
          <Caption message={message} />
        </>
      );

    case 'audio':
      return (
        <>
          {message.path ? (
            <audio className={styles.audio} controls preload="metadata" src={message.path}>
              <a href={message.path}>{t('chat.download', { name: name || t('chat.audio') })}</a>
            </audio>
          ) : (
            <p className={styles.fileMissing}>{t('chat.audio')}</p>
          )}
          <Caption message={message} />
        </>
      );

    case 'document': {
      const downloadable = Boolean(message.path) && name !== TOO_LARGE;
      return (
        <>
          <div className={styles.file}>
            <span className={styles.fileIcon} aria-hidden="true">
              <FileText size={20} />
            </span>
            <span className={styles.fileText}>
              <span className={styles.fileName} title={name}>
                {name || t('chat.document')}
              </span>
              <span className={styles.fileSize}>
                <FileSize bytes={message.file_size} />
              </span>
            </span>
            {downloadable && message.path && (
              <a
                className={styles.fileDownload}
                href={message.path}
                download={name || true}
                aria-label={t('chat.download', { name: name || t('chat.document') })}
                title={t('chat.downloadFile')}
              >
                <Download size={18} aria-hidden="true" />
              </a>
            )}
          </div>
          <Caption message={message} />
        </>
      );
    }

    case 'location': {
      const point = parseRegion(message.region);
      return (
        <div className={styles.location}>
          <span className={styles.fileIcon} aria-hidden="true">
            <MapPin size={20} />
          </span>
          <span className={styles.fileText}>
            <span className={styles.fileName}>{t('chat.location')}</span>
            {point ? (
              <a href={mapsUrl(point)} target="_blank" rel="noopener noreferrer">
                {t('chat.openInMaps')}
                <span className="visually-hidden"> {t('common.opensInNewTab')}</span>
              </a>
            ) : (
              <span className={styles.fileSize}>{message.region}</span>
            )}
          </span>
        </div>
      );
    }

    // System notes are drawn by the row; a bubble never holds one.
    case 'rating':
    case 'close':
    case 'reopen':
      return <MessageText text={message.content} />;

    default: {
      const unknown: never = message.type;
      return unknown;
    }
  }
}
