import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Eye, EyeOff } from 'lucide-react';
import { TELEGRAM_SETUP_OK } from '@kreechat/contract';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { Skeleton } from '@/components/Skeleton';
import { TextField } from '@/components/TextField';
import { useTelegramToken } from '@/features/admin-settings/api/get-telegram-token';
import { useDisconnectTelegram } from '@/features/admin-settings/api/disconnect-telegram';
import { useSetupTelegram } from '@/features/admin-settings/api/setup-telegram';
import { checkBotToken, telegramFailure, type TelegramFailure } from '@/features/admin-settings/lib/telegram';
import { ServiceCard } from './ServiceCard';
import fieldStyles from '@/components/Field.module.css';
import styles from './settings.module.css';

type Result = { tone: 'success'; text: string } | { tone: 'error'; text: string } | null;

/**
 * Settings → Communication services → Telegram (SPEC §2, §5, §8): the bot token with a show/hide toggle. When a bot
 * is already connected, a warning comes first; Overwrite reveals the input and submitting asks for confirmation.
 * Disconnect (not in SPEC) forgets the token after a confirmation; tickets and history stay.
 *
 * The screen says "token" throughout: SPEC §8's server texts say "Bot ID" ('Bot ID successfully submitted!',
 * 'Invalid Telegram Bot ID!'), and the server keeps them, but the screen shows its own words for them.
 */
export function TelegramSettings() {
  const { t } = useTranslation();
  const status = useTelegramToken();
  const setup = useSetupTelegram();
  const disconnect = useDisconnectTelegram();
  const [confirmingDisconnect, setConfirmingDisconnect] = useState(false);
  const tokenInput = useRef<HTMLInputElement>(null);
  const [token, setToken] = useState('');
  const [visible, setVisible] = useState(false);
  const [overwriting, setOverwriting] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [result, setResult] = useState<Result>(null);
  const resultId = useId();

  const connected = status.data?.tokenStatus === true;
  const showForm = !connected || overwriting;
  // Set when a disconnect succeeds: the Disconnect button is gone with the bot, so focus goes where the admin can go
  // on, the token input, once it is rendered (the status answer and the dialog's closing may come in either order).
  const focusTokenWhenShown = useRef(false);
  useEffect(() => {
    if (!showForm || !focusTokenWhenShown.current || !tokenInput.current) return;
    focusTokenWhenShown.current = false;
    tokenInput.current.focus();
  });

  const failureText = (failure: TelegramFailure): string => {
    switch (failure.kind) {
      case 'code':
        return t(`settings.telegram.errors.e${failure.code}`);
      case 'text':
        return failure.text === 'Invalid Telegram Bot ID!' ? t('settings.telegram.invalid') : failure.text;
      case 'default':
        return t('settings.telegram.errors.default');
      case 'network':
        return t('settings.telegram.unexpected');
      default: {
        const unknown: never = failure;
        return unknown;
      }
    }
  };

  const send = (botId: string) => {
    setResult(null);
    setup.mutate(botId, {
      onSuccess: (response) => {
        setToken('');
        setVisible(false);
        setOverwriting(false);
        const text = response.message === TELEGRAM_SETUP_OK ? t('settings.telegram.success') : response.message;
        setResult({ tone: 'success', text });
      },
      onError: (error) => setResult({ tone: 'error', text: failureText(telegramFailure(error)) }),
    });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (setup.isPending) return;
    const checked = checkBotToken(token);
    if (!checked.ok) {
      setResult({
        tone: 'error',
        text: checked.problem === 'empty' ? t('settings.telegram.empty') : t('settings.telegram.invalid'),
      });
      return;
    }
    if (connected) setConfirming(true);
    else send(checked.token);
  };

  const username = status.data?.username;

  const onDisconnect = () => {
    setResult(null);
    disconnect.mutate(undefined, {
      onSuccess: (response) => {
        setOverwriting(false);
        setToken('');
        focusTokenWhenShown.current = true;
        setResult({
          tone: response.webhookRemoved ? 'success' : 'error',
          text: t(
            response.webhookRemoved ? 'settings.telegram.disconnected' : 'settings.telegram.disconnectedWebhookKept',
          ),
        });
      },
      onError: () => setResult({ tone: 'error', text: t('settings.telegram.disconnectFailed') }),
    });
  };

  return (
    <ServiceCard platform="telegram" title={t('settings.telegram.title')} intro={t('settings.telegram.intro')}>
      {status.isPending ? (
        <div className={styles.stack} aria-busy="true">
          <Skeleton width="40%" height={14} />
          <Skeleton width="100%" height={40} radius="md" />
        </div>
      ) : (
        <>
          {connected && (
            <Alert
              tone="warning"
              action={
                !overwriting && (
                  <Button size="sm" variant="secondary" onClick={() => setOverwriting(true)}>
                    {t('settings.telegram.overwrite')}
                  </Button>
                )
              }
            >
              {username ? t('settings.telegram.connectedAs', { username }) : t('settings.telegram.connected')}
            </Alert>
          )}
          {connected && !overwriting && (
            <div className={styles.formActions}>
              <Button
                size="sm"
                variant="danger"
                disabled={disconnect.isPending}
                aria-busy={disconnect.isPending || undefined}
                onClick={() => setConfirmingDisconnect(true)}
              >
                {disconnect.isPending ? t('settings.telegram.disconnecting') : t('settings.telegram.disconnect')}
              </Button>
            </div>
          )}
          {status.isError && <Alert tone="error">{t('settings.telegram.statusFailed')}</Alert>}

          {showForm && (
            <form className={styles.tokenForm} onSubmit={onSubmit} noValidate>
              <TextField
                ref={tokenInput}
                className={styles.tokenField}
                label={t('settings.telegram.tokenLabel')}
                hint={t('settings.telegram.tokenHint')}
                type={visible ? 'text' : 'password'}
                value={token}
                autoComplete="off"
                autoCapitalize="off"
                autoCorrect="off"
                spellCheck={false}
                placeholder="123456789:AAE…"
                invalid={result?.tone === 'error'}
                describedBy={result ? resultId : undefined}
                inputClassName={styles.tokenInput}
                onChange={(event) => setToken(event.target.value)}
                endAdornment={
                  <button
                    type="button"
                    className={fieldStyles.toggle}
                    aria-label={t('settings.telegram.showToken')}
                    aria-pressed={visible}
                    title={visible ? t('settings.telegram.hideToken') : t('settings.telegram.showToken')}
                    onClick={() => setVisible((v) => !v)}
                  >
                    {visible ? <EyeOff size={18} aria-hidden="true" /> : <Eye size={18} aria-hidden="true" />}
                  </button>
                }
              />
              <div className={styles.formActions}>
                <Button type="submit" disabled={setup.isPending} aria-busy={setup.isPending || undefined}>
                  {setup.isPending ? t('settings.telegram.submitting') : t('settings.telegram.submit')}
                </Button>
                {connected && (
                  <Button
                    variant="ghost"
                    disabled={setup.isPending}
                    onClick={() => {
                      setOverwriting(false);
                      setToken('');
                      setResult(null);
                    }}
                  >
                    {t('common.cancel')}
                  </Button>
                )}
              </div>
            </form>
          )}

          {result && (
            <Alert tone={result.tone} id={resultId}>
              {result.text}
            </Alert>
          )}
        </>
      )}

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('settings.telegram.replaceConfirm')}
        description={t('settings.telegram.replaceConfirmHint')}
        confirmLabel={t('settings.telegram.replace')}
        cancelLabel={t('common.cancel')}
        tone="danger"
        onConfirm={() => {
          const checked = checkBotToken(token);
          if (checked.ok) send(checked.token);
        }}
      />
      <ConfirmDialog
        open={confirmingDisconnect}
        onOpenChange={setConfirmingDisconnect}
        title={t('settings.telegram.disconnectConfirm')}
        description={t('settings.telegram.disconnectConfirmHint')}
        confirmLabel={t('settings.telegram.disconnect')}
        cancelLabel={t('common.cancel')}
        tone="danger"
        onConfirm={onDisconnect}
      />
    </ServiceCard>
  );
}
