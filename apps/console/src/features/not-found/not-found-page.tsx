// The not-found page for unknown paths.
import { Button, Result } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

/** Shown for every path no route matches. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Result
      status="404"
      title={<span data-testid="not-found-title">{t('notFound.title')}</span>}
      subTitle={t('notFound.description')}
      data-testid="not-found-page"
      extra={
        <Link to="/">
          <Button type="primary">{t('common.backHome')}</Button>
        </Link>
      }
    />
  );
}
