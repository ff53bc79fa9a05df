// The language menu: Chinese or English; i18next stores the choice under `i18nextLng`.
import { Button, Dropdown, type MenuProps } from 'antd';
import { TranslationOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { normalizeLanguage, type Language } from '../../i18n/i18n';

const languageLabels: Record<Language, string> = { zh: '中文', en: 'English' };

/** A dropdown switching the console language. */
export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  const current = normalizeLanguage(i18n.language) ?? 'zh';
  const items: MenuProps['items'] = (Object.keys(languageLabels) as Language[]).map((language) => ({
    key: language,
    label: <span data-testid={`language-${language}`}>{languageLabels[language]}</span>,
  }));
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items,
        selectable: true,
        selectedKeys: [current],
        onClick: ({ key }) => void i18n.changeLanguage(key),
      }}
    >
      <Button type="text" icon={<TranslationOutlined />} aria-label={t('nav.language')} data-testid="language-menu" />
    </Dropdown>
  );
}
