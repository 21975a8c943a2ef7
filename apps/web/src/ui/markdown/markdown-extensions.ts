/**
 * The tiptap extensions of the Markdown editor, shared by the component and its round-trip
 * tests so that both parse and serialise with exactly the same schema.
 */
import type { Extensions } from '@tiptap/core';
import StarterKit from '@tiptap/starter-kit';
import Placeholder from '@tiptap/extension-placeholder';
import { Markdown } from '@tiptap/markdown';

export function markdownExtensions(placeholder = ''): Extensions {
  return [
    StarterKit.configure({
      heading: { levels: [1, 2, 3] },
      // Links typed into stored Markdown open nothing while editing; the renderer adds rel/target.
      link: { openOnClick: false, protocols: ['http', 'https', 'mailto'] },
    }),
    Placeholder.configure({ placeholder }),
    Markdown,
  ];
}
