// The home page: the announcement dialog, then the custom content (Markdown/HTML/URL) or the default hero.
import { PageSpinner } from '../../app/page-spinner';
import { isContentUrl, RichContent } from '../../lib/rich-content';
import { DefaultHero } from './default-hero';
import { useHomePageContent } from './home-api';
import { NoticeModal } from './notice-modal';

/** The / page. */
export default function HomePage() {
  const content = useHomePageContent();
  const text = content.data?.trim() ?? '';
  let body;
  if (content.isPending) body = <PageSpinner />;
  else if (text === '') body = <DefaultHero />;
  else if (isContentUrl(text)) body = <RichContent content={text} testId="home-content" />;
  else body = <div style={{ padding: 24 }}><RichContent content={text} testId="home-content" /></div>;
  return (
    <>
      <NoticeModal />
      {body}
    </>
  );
}
