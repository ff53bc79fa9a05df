// Admin-authored content (announcement, home page, about): a URL becomes an iframe, anything else Markdown/HTML.
import DOMPurify from 'dompurify';
import { marked } from 'marked';
import type { CSSProperties } from 'react';

/** True when the content is a bare http(s) address that should be framed. */
export function isContentUrl(content: string): boolean {
  return /^https?:\/\/\S+$/i.test(content.trim());
}

/** Renders Markdown (HTML passes through) and removes scripts and event handlers. */
export function renderSafeHtml(content: string): string {
  const html = marked.parse(content, { async: false, gfm: true, breaks: true });
  return DOMPurify.sanitize(html, { ADD_ATTR: ['target'] });
}

/** Sanitises an HTML fragment (the custom footer). */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, { ADD_ATTR: ['target'] });
}

/** Props of the rich content block. */
export interface RichContentProps {
  content: string;
  testId: string;
  frameHeight?: CSSProperties['height'];
}

/** Shows admin content: an iframe for a URL, otherwise sanitised Markdown/HTML. */
export function RichContent({ content, testId, frameHeight = 'calc(100vh - 140px)' }: RichContentProps) {
  if (isContentUrl(content)) {
    return (
      <iframe
        data-testid={testId}
        src={content.trim()}
        title={testId}
        style={{ width: '100%', height: frameHeight, border: 'none', display: 'block' }}
      />
    );
  }
  return (
    <div className="rich-content" data-testid={testId} dangerouslySetInnerHTML={{ __html: renderSafeHtml(content) }} />
  );
}
