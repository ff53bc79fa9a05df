// The footer: the admin's custom footer HTML (sanitised) or a default credit line.
import { Layout, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { sanitizeHtml } from '../../lib/rich-content';
import { StorageKeys } from '../../lib/storage';
import { useStoredString } from '../../lib/stored-value';

/** Page footer. */
export function AppFooter() {
  const footerHtml = useStoredString(StorageKeys.footerHtml);
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const style = { textAlign: 'center' as const, padding: '16px 24px', color: token.colorTextSecondary, background: token.colorBgLayout };
  if (footerHtml && footerHtml.trim() !== '' && footerHtml !== 'undefined') {
    return (
      <Layout.Footer
        data-testid="app-footer"
        className="custom-footer"
        style={style}
        dangerouslySetInnerHTML={{ __html: sanitizeHtml(footerHtml) }}
      />
    );
  }
  return (
    <Layout.Footer data-testid="app-footer" style={style}>
      <span data-testid="footer-credit">Turnpike · {t('footer.credit')}</span>
    </Layout.Footer>
  );
}
