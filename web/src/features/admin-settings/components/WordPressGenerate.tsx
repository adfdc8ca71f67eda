import { useEffect, useRef, useState, type FormEvent } from 'react';
import { KeyRound, RotateCcw } from 'lucide-react';
import { originOf, WORDPRESS_TOKEN_NAME_MAX } from '@kreechat/contract';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { TextField } from '@/components/TextField';
import { useGenerateWpToken, type GeneratedWpToken } from '@/features/admin-settings/api/generate-wp-token';
import { useWpCopyWords, useWpFailureText } from '@/features/admin-settings/hooks/use-wordpress-texts';
import { checkTokenForm, wpTokenFailure, type TokenFormProblem } from '@/features/admin-settings/lib/wordpress-tokens';
import { CopyField } from './CopyField';
import styles from './settings.module.css';
import views from './whatsapp.module.css';

type Problems = { tokenName?: TokenFormProblem; siteUrl?: TokenFormProblem };

/**
 * WordPress → generate_token_section (SPEC §2, §5): a token name (required: 'Invalid token name!') and the site's
 * address, checked here by the contract's schema and again by the server. The new token is shown once, with a copy
 * button; it is held only in this view's state, so leaving the view (or reloading) forgets it.
 */
export function WordPressGenerate() {
  const { t } = useTranslation();
  const generate = useGenerateWpToken();
  const failureText = useWpFailureText();
  const copyWords = useWpCopyWords();
  const [tokenName, setTokenName] = useState('');
  const [siteUrl, setSiteUrl] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [generated, setGenerated] = useState<GeneratedWpToken | null>(null);
  const nameInput = useRef<HTMLInputElement>(null);
  const siteInput = useRef<HTMLInputElement>(null);
  const doneHeading = useRef<HTMLHeadingElement>(null);

  // The token appears where the form was: focus follows it, so a keyboard or screen reader user lands on it.
  useEffect(() => {
    if (generated) doneHeading.current?.focus();
  }, [generated]);

  const problemText = (problem: TokenFormProblem | undefined): string | undefined => {
    if (!problem) return undefined;
    return problem === 'nameTooLong'
      ? t('settings.wordpress.messages.nameTooLong', { max: WORDPRESS_TOKEN_NAME_MAX })
      : t(`settings.wordpress.messages.${problem}`);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (generate.isPending) return;
    setFailure(null);
    const checked = checkTokenForm({ tokenName, siteUrl });
    if (!checked.ok) {
      setProblems(checked.problems);
      (checked.problems.tokenName ? nameInput : siteInput).current?.focus();
      return;
    }
    setProblems({});
    generate.mutate(checked.body, {
      onSuccess: (token) => {
        setTokenName('');
        setSiteUrl('');
        setGenerated(token);
      },
      onError: (error) => {
        const found = wpTokenFailure(error, 'invalidResponse');
        // The server's own field refusals go under their field, like the same refusal made here.
        if (found.kind === 'known' && found.key === 'invalidName') setProblems({ tokenName: 'invalidName' });
        else if (found.kind === 'known' && found.key === 'invalidSite') setProblems({ siteUrl: 'invalidSite' });
        else setFailure(failureText(found));
      },
    });
  };

  if (generated) {
    return (
      <section className={views.block} aria-labelledby="wp-generated-title">
        <h4 id="wp-generated-title" ref={doneHeading} tabIndex={-1} className={views.blockTitle}>
          <KeyRound size={18} aria-hidden="true" className={views.inlineIcon} />
          {t('settings.wordpress.generate.doneTitle')}
        </h4>
        <Alert tone="warning">{t('settings.wordpress.generate.once')}</Alert>
        <CopyField
          label={t('settings.wordpress.generate.tokenLabel', { origin: generated.site_origin })}
          hint={t('settings.wordpress.panel.tokenName', { name: generated.token_name })}
          value={generated.token}
          copyLabel={t('settings.wordpress.generate.copyToken')}
          words={copyWords}
        />
        <div className={views.actions}>
          <Button
            variant="ghost"
            icon={<RotateCcw size={16} aria-hidden="true" />}
            onClick={() => {
              setGenerated(null);
              // The form comes back in place of the token: focus goes to its first field.
              requestAnimationFrame(() => nameInput.current?.focus());
            }}
          >
            {t('settings.wordpress.generate.another')}
          </Button>
        </div>
      </section>
    );
  }

  const origin = originOf(siteUrl.trim());

  return (
    <section className={views.block} aria-labelledby="wp-generate-title">
      <div>
        <h4 id="wp-generate-title" className={views.blockTitle}>
          {t('settings.wordpress.generate.title')}
        </h4>
        <p className={views.hint}>{t('settings.wordpress.generate.intro')}</p>
      </div>
      <form className={styles.tokenForm} onSubmit={onSubmit} noValidate>
        <TextField
          ref={nameInput}
          label={t('settings.wordpress.generate.nameLabel')}
          hint={t('settings.wordpress.generate.nameHint')}
          error={problemText(problems.tokenName)}
          value={tokenName}
          required
          maxLength={WORDPRESS_TOKEN_NAME_MAX}
          autoComplete="off"
          onChange={(event) => {
            setTokenName(event.target.value);
            setProblems(({ tokenName: _cleared, ...rest }) => rest);
          }}
        />
        <TextField
          ref={siteInput}
          label={t('settings.wordpress.generate.siteLabel')}
          hint={
            origin ? t('settings.wordpress.generate.siteOrigin', { origin }) : t('settings.wordpress.generate.siteHint')
          }
          error={problemText(problems.siteUrl)}
          type="url"
          inputMode="url"
          value={siteUrl}
          required
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          placeholder="https://example.com"
          onChange={(event) => {
            setSiteUrl(event.target.value);
            setProblems(({ siteUrl: _cleared, ...rest }) => rest);
          }}
        />
        <div className={styles.formActions}>
          <Button type="submit" busy={generate.isPending} icon={<KeyRound size={16} aria-hidden="true" />}>
            {t('settings.wordpress.generate.submit')}
          </Button>
        </div>
      </form>
      {failure && <Alert tone="error">{failure}</Alert>}
    </section>
  );
}
