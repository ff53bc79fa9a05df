// The /about page: configured content (Markdown/HTML, or a URL in an iframe), or a default text.
import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../../app/page-spinner';
import { RichContent } from '../../lib/rich-content';
import { systemNameOf, useSiteStatus } from '../../lib/site-status';
import { useAboutContent } from './about-api';

function DefaultAbout() {
  const { t } = useTranslation();
  const status = useSiteStatus();
  return (
    <Card data-testid="about-default" title={t('about.title')}>
      <Typography.Paragraph>{t('about.defaultIntro', { name: systemNameOf(status) })}</Typography.Paragraph>
      <Typography.Paragraph type="secondary">{t('about.defaultHint')}</Typography.Paragraph>
    </Card>
  );
}

/** The /about page. */
export default function AboutPage() {
  const about = useAboutContent();
  if (about.isPending) return <PageSpinner />;
  const content = about.data?.trim() ?? '';
  if (content === '') return <DefaultAbout />;
  return <RichContent content={content} testId="about-content" />;
}
