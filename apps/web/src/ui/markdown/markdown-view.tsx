import { useMemo } from 'react';
import { Typography } from '@mantine/core';
import { renderMarkdown } from './render-markdown';

export interface MarkdownViewProps {
  markdown: string;
  className?: string;
}

/** Shows stored Markdown, always sanitised (see render-markdown.ts). */
export function MarkdownView({ markdown, className }: MarkdownViewProps) {
  const html = useMemo(() => renderMarkdown(markdown), [markdown]);
  return (
    <Typography className={className}>
      {/* The HTML is sanitised by DOMPurify in renderMarkdown; this is the only innerHTML use. */}
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </Typography>
  );
}
