import { useMemo, type ComponentProps } from 'react';
import { COUNTRIES, countryFlag } from '@kreechat/contract';
import { useTranslation } from 'react-i18next';
import { SelectField } from '@/components/SelectField';
import { countryName } from '@/lib/format';

type CountrySelectProps = Omit<ComponentProps<typeof SelectField>, 'children'>;

/** The registration countries with flags, named and sorted in the interface language. */
export function CountrySelect(props: CountrySelectProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const options = useMemo(() => {
    const collator = new Intl.Collator(lang);
    return COUNTRIES.map((country) => ({
      code: country.code,
      label: countryName(country.code, lang, country.name),
    })).sort((a, b) => collator.compare(a.label, b.label));
  }, [lang]);

  return (
    <SelectField {...props}>
      <option value="" disabled>
        {t('auth.register.selectCountry')}
      </option>
      {options.map((option) => (
        <option key={option.code} value={option.code}>
          {`${countryFlag(option.code)}  ${option.label}`}
        </option>
      ))}
    </SelectField>
  );
}
