import './notice-content.css';

/**
 * A notice's body. The server sanitizes notice HTML when it is saved (no scripts, event
 * handlers, frames or javascript:/data: URLs), so only that stored HTML is rendered here.
 */
export function NoticeContent({ html, className }: { html: string; className?: string }) {
  return (
    <div
      className={`yy-notice-content${className ? ` ${className}` : ''}`}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
