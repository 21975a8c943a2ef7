/**
 * Lazy wrappers: tiptap, marked and DOMPurify are large and only a few screens need them, so
 * they never land in a first load (docs/decisions/004). Import these, not the modules beside them.
 */
import { lazy, Suspense } from 'react';
import { Loader } from '@mantine/core';
import type { MarkdownEditorProps } from './markdown-editor';
import type { MarkdownViewProps } from './markdown-view';

const Editor = lazy(() => import('./markdown-editor').then((m) => ({ default: m.MarkdownEditor })));
const View = lazy(() => import('./markdown-view').then((m) => ({ default: m.MarkdownView })));

export function LazyMarkdownEditor(props: MarkdownEditorProps) {
  return (
    <Suspense fallback={<Loader size="sm" />}>
      <Editor {...props} />
    </Suspense>
  );
}

export function LazyMarkdownView(props: MarkdownViewProps) {
  return (
    <Suspense fallback={<Loader size="sm" />}>
      <View {...props} />
    </Suspense>
  );
}
