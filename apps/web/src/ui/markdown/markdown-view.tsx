import { useMemo } from 'react';
import { Typography } from '@mantine/core';
import { renderMarkdown, shiftHeadings } from './render-markdown';

export interface MarkdownViewProps {
  markdown: string;
  className?: string;
  /** Levels to move headings down by (1 under a page's h1: `#` renders as h2). */
  headingOffset?: number;
}

/** Shows stored Markdown, always sanitised (see render-markdown.ts). */
export function MarkdownView({ markdown, className, headingOffset = 0 }: MarkdownViewProps) {
  const html = useMemo(() => shiftHeadings(renderMarkdown(markdown), headingOffset), [markdown, headingOffset]);
  return (
    <Typography className={className}>
      {/* The HTML is sanitised by DOMPurify in renderMarkdown; this is the only innerHTML use. */}
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </Typography>
  );
}
