import { useEffect, useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { PROFILE_PICTURE_MAX_BYTES, PROFILE_PICTURE_TYPES } from '@kreechat/contract';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/Alert';
import { Avatar } from '@/components/Avatar';
import { Button } from '@/components/Button';
import { Modal } from '@/components/Modal';
import { Skeleton } from '@/components/Skeleton';
import { TextAreaField } from '@/components/TextAreaField';
import { TextField } from '@/components/TextField';
import { errorMessage } from '@/lib/api-client';
import { fileSize } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { useEditWhatsAppProfile } from '@/features/admin-settings/api/edit-whatsapp-profile';
import { useBusinessProfile, type BusinessProfile } from '@/features/admin-settings/api/get-business-profile';
import type { WhatsAppPhoneNumber } from '@/features/admin-settings/api/get-whatsapp-phone-numbers';
import {
  characterCount,
  checkBusinessProfile,
  pictureProblem,
  profileValues,
  type PictureProblem,
  type ProfileField,
  type ProfileProblem,
  type ProfileValues,
} from '@/features/admin-settings/lib/business-profile';
import fieldStyles from '@/components/Field.module.css';
import { RetryAlert } from './RetryAlert';
import wa from './whatsapp.module.css';

type Notice = { tone: 'success' | 'error'; text: string } | null;

/** The business profile editor of one number (SPEC §2 "A business profile can be edited"), in a dialog. */
export function BusinessProfileDialog({
  number,
  label,
  onClose,
}: {
  number: WhatsAppPhoneNumber;
  /** The number as the table shows it. */
  label: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const profile = useBusinessProfile(number.id);
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('settings.whatsapp.profile.title')}
      subtitle={label}
      closeLabel={t('common.close')}
    >
      {profile.isPending ? (
        <div className={wa.form} aria-busy="true">
          <Skeleton width={72} height={72} radius="full" />
          <Skeleton width="100%" height={40} radius="md" />
          <Skeleton width="100%" height={40} radius="md" />
          <Skeleton width="100%" height={80} radius="md" />
        </div>
      ) : profile.isError ? (
        <RetryAlert title={t('settings.whatsapp.profile.loadFailed')} onRetry={() => void profile.refetch()}>
          {errorMessage(profile.error, t('settings.whatsapp.unreachable'))}
        </RetryAlert>
      ) : (
        <ProfileForm phoneNumberId={number.id} profile={profile.data} onClose={onClose} />
      )}
    </Modal>
  );
}

/** A chosen file's preview address, released when the file changes or the form closes. */
function usePreview(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const created = URL.createObjectURL(file);
    setUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [file]);
  return url;
}

function ProfileForm({
  phoneNumberId,
  profile,
  onClose,
}: {
  phoneNumberId: string;
  profile: BusinessProfile;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const save = useEditWhatsAppProfile();
  const [values, setValues] = useState<ProfileValues>(() => profileValues(profile));
  const [problems, setProblems] = useState<Partial<Record<ProfileField, ProfileProblem>>>({});
  const [picture, setPicture] = useState<File | null>(null);
  const [pictureError, setPictureError] = useState<PictureProblem | null>(null);
  const [pictureInput, setPictureInput] = useState(0);
  const [notice, setNotice] = useState<Notice>(null);
  const preview = usePreview(picture);
  const noticeId = useId();
  const maxSize = fileSize(PROFILE_PICTURE_MAX_BYTES, lang);
  const max =
    maxSize.unit === 'mb' ? t('chat.sizeMb', { size: maxSize.amount }) : t('chat.sizeKb', { size: maxSize.amount });

  const set = (field: ProfileField) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    setValues((old) => ({ ...old, [field]: event.target.value }));
    setProblems((old) => ({ ...old, [field]: undefined }));
  };

  const onPicture = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    const problem = file ? pictureProblem(file) : null;
    setPictureError(problem);
    setPicture(problem ? null : file);
    // A refused file leaves the input empty, so choosing it again reports again.
    if (problem) setPictureInput((n) => n + 1);
  };

  const clearPicture = () => {
    setPicture(null);
    setPictureError(null);
    setPictureInput((n) => n + 1);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    setNotice(null);
    const checked = checkBusinessProfile(phoneNumberId, values);
    if (!checked.ok) {
      setProblems(checked.problems);
      return;
    }
    save.mutate(
      { fields: checked.fields, picture },
      {
        onSuccess: () => {
          clearPicture();
          setNotice({ tone: 'success', text: t('settings.whatsapp.profile.saved') });
        },
        onError: (error) =>
          setNotice({ tone: 'error', text: errorMessage(error, t('settings.whatsapp.profile.saveFailed')) }),
      },
    );
  };

  const problemText = (field: ProfileField): string | undefined => {
    const problem = problems[field];
    if (!problem) return undefined;
    if (problem === 'tooLong')
      return t('settings.whatsapp.profile.tooLong', { limit: characterCount(field, '').limit });
    if (field === 'email') return t('settings.whatsapp.profile.invalidEmail');
    if (field === 'website') return t('settings.whatsapp.profile.invalidWebsite');
    return t('settings.whatsapp.profile.invalid');
  };

  /** The live count under a field, red once over Meta's limit. */
  const counter = (field: ProfileField, extra?: string) => {
    const { count, limit, over } = characterCount(field, values[field]);
    return (
      <span className={wa.counterHint}>
        {extra && <span>{extra}</span>}
        <span className={wa.counter} data-over={over || undefined}>
          {t('settings.whatsapp.profile.count', { used: count, limit })}
        </span>
      </span>
    );
  };

  const common = (field: ProfileField) => ({
    value: values[field],
    onChange: set(field),
    error: problemText(field),
    hint: counter(field),
    describedBy: notice ? noticeId : undefined,
  });

  const pictureErrorText =
    pictureError === 'type'
      ? t('settings.whatsapp.profile.pictureType')
      : pictureError === 'size'
        ? t('settings.whatsapp.profile.pictureSize', { max })
        : undefined;

  return (
    <form className={wa.form} onSubmit={onSubmit} noValidate>
      <div className={wa.pictureRow}>
        <Avatar
          src={preview ?? profile.profile_picture_url}
          alt={preview ? t('settings.whatsapp.profile.newPicture') : t('settings.whatsapp.profile.currentPicture')}
          size={72}
        />
        <div className={wa.pictureControls}>
          <div className={fieldStyles.field}>
            <label htmlFor={`wa-picture-${phoneNumberId}`} className={fieldStyles.label}>
              {t('settings.whatsapp.profile.pictureLabel')}
            </label>
            <input
              key={pictureInput}
              id={`wa-picture-${phoneNumberId}`}
              type="file"
              accept={PROFILE_PICTURE_TYPES.join(',')}
              className={wa.fileInput}
              aria-invalid={pictureError ? true : undefined}
              aria-describedby={`wa-picture-${phoneNumberId}-hint`}
              onChange={onPicture}
            />
            <p id={`wa-picture-${phoneNumberId}-hint`} className={pictureError ? fieldStyles.error : fieldStyles.hint}>
              {pictureErrorText ?? t('settings.whatsapp.profile.pictureHint', { max })}
            </p>
          </div>
          {picture && (
            <Button size="sm" variant="ghost" onClick={clearPicture}>
              {t('settings.whatsapp.profile.removePicture')}
            </Button>
          )}
        </div>
      </div>

      <TextAreaField label={t('settings.whatsapp.profile.about')} rows={2} {...common('about')} />
      <TextField label={t('settings.whatsapp.profile.email')} type="email" autoComplete="email" {...common('email')} />
      <TextAreaField label={t('settings.whatsapp.profile.description')} rows={3} {...common('description')} />
      <TextField
        label={t('settings.whatsapp.profile.website')}
        type="url"
        placeholder="https://"
        autoComplete="url"
        {...common('website')}
      />
      <TextAreaField label={t('settings.whatsapp.profile.address')} rows={2} {...common('address')} />

      {notice && (
        <Alert tone={notice.tone} id={noticeId}>
          {notice.text}
        </Alert>
      )}

      <div className={wa.dialogActions}>
        <Button variant="secondary" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" busy={save.isPending}>
          {t('settings.whatsapp.profile.save')}
        </Button>
      </div>
    </form>
  );
}
