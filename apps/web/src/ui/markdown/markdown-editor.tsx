import { useEffect, useId, useRef } from 'react';
import { Input, Stack } from '@mantine/core';
import { RichTextEditor } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import '@mantine/tiptap/styles.css';
import { useDocumentsTranslation } from '../../shell/documents/i18n/use-documents-translation';
import { markdownExtensions } from './markdown-extensions';

export interface MarkdownEditorProps {
  /** Markdown in. */
  value: string;
  /** Markdown out, on every change. */
  onChange: (markdown: string) => void;
  /** Visible label, tied to the editable area with aria-labelledby. */
  label: string;
  /** Defaults to `Write here...` (SPEC §9). */
  placeholder?: string;
  /** Minimum height in lines; SPEC §9 asks for at least 3. */
  minLines?: number;
}

const LINE_HEIGHT_EM = 1.55;

/** SPEC §9: headings 1–3, bold, italic, quote, bullet and numbered lists; stores Markdown. */
export function MarkdownEditor({ value, onChange, label, placeholder, minLines = 3 }: MarkdownEditorProps) {
  const { t } = useDocumentsTranslation();
  const labelId = useId();
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const lines = Math.max(3, minLines);
  const editor = useEditor({
    extensions: markdownExtensions(placeholder ?? t('editor.placeholder')),
    content: value,
    contentType: 'markdown',
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        style: `min-height: ${lines * LINE_HEIGHT_EM}em`,
      },
    },
    onUpdate: ({ editor: current }) => onChangeRef.current(current.getMarkdown()),
  });

  // A value set from outside (e.g. a document loaded later) replaces the content; our own echo does not.
  useEffect(() => {
    if (editor && editor.getMarkdown() !== value) editor.commands.setContent(value, { contentType: 'markdown', emitUpdate: false });
  }, [editor, value]);

  return (
    <Stack gap={4}>
      <Input.Label id={labelId} component="div">
        {label}
      </Input.Label>
      <RichTextEditor
        editor={editor}
        labels={{
          h1ControlLabel: t('editor.h1'),
          h2ControlLabel: t('editor.h2'),
          h3ControlLabel: t('editor.h3'),
          boldControlLabel: t('editor.bold'),
          italicControlLabel: t('editor.italic'),
          blockquoteControlLabel: t('editor.quote'),
          bulletListControlLabel: t('editor.bulletList'),
          orderedListControlLabel: t('editor.orderedList'),
        }}
      >
        <RichTextEditor.Toolbar aria-label={t('editor.toolbar')}>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H1 />
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Blockquote />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content />
      </RichTextEditor>
    </Stack>
  );
}
