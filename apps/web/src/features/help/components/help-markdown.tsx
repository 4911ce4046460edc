import Markdown from 'react-markdown';

/**
 * The help's markdown as the panel shows it (react-markdown renders no raw HTML). Most of the
 * panel's weight: it loads with the panel, never on the first load.
 */
export function HelpMarkdown({ children, testId }: { children: string; testId?: string }) {
  return (
    <div className="help-markdown" data-testid={testId}>
      <Markdown>{children}</Markdown>
    </div>
  );
}
