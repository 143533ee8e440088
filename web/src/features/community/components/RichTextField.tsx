import { useEffect, useId } from 'react';
import { Input, Stack } from '@mantine/core';
import { Link, RichTextEditor } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import '@mantine/tiptap/styles.css';
import { t } from '@/messages';

export interface RichTextFieldProps {
  label: string;
  /** HTML to start from (an edit); read once when the editor is created. */
  initialHtml: string;
  onChange: (html: string) => void;
  error?: string | null;
  required?: boolean;
}

const labels = () => ({
  boldControlLabel: t('community.editor.bold'),
  italicControlLabel: t('community.editor.italic'),
  underlineControlLabel: t('community.editor.underline'),
  strikeControlLabel: t('community.editor.strike'),
  h2ControlLabel: t('community.editor.h2'),
  h3ControlLabel: t('community.editor.h3'),
  bulletListControlLabel: t('community.editor.bulletList'),
  orderedListControlLabel: t('community.editor.orderedList'),
  blockquoteControlLabel: t('community.editor.blockquote'),
  linkControlLabel: t('community.editor.link'),
  unlinkControlLabel: t('community.editor.unlink'),
  linkEditorInputLabel: t('community.editor.linkInput'),
  linkEditorInputPlaceholder: t('community.editor.linkPlaceholder'),
  linkEditorSave: t('community.editor.linkSave'),
  linkEditorExternalLink: t('community.editor.linkExternal'),
  linkEditorInternalLink: t('community.editor.linkInternal'),
  clearFormattingControlLabel: t('community.editor.clear'),
  undoControlLabel: t('community.editor.undo'),
  redoControlLabel: t('community.editor.redo'),
});

/**
 * The post body: Mantine's Tiptap editor with exactly the formatting the
 * servers keep (paragraphs, bold, italic, underline, strike, two heading
 * levels, lists, quotes, links). Lives in the create/edit chunk only.
 */
export default function RichTextField({ label, initialHtml, onChange, error, required }: RichTextFieldProps) {
  const labelId = useId();
  const errorId = useId();
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ link: false, heading: { levels: [2, 3] }, code: false, codeBlock: false, horizontalRule: false }),
      Link.configure({
        openOnClick: false,
        protocols: ['http', 'https', 'mailto'],
        HTMLAttributes: { rel: 'noopener noreferrer nofollow', target: '_blank' },
      }),
    ],
    content: initialHtml,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        // Named by text, not by the label's id: in the hydrated app the editor was seen keeping an id from
        // another render (axe: aria-input-field-name), and a text name cannot point at nothing.
        'aria-label': label,
        ...(error ? { 'aria-invalid': 'true', 'aria-describedby': errorId } : {}),
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });

  // The error state is an attribute of the editable element, which Tiptap owns.
  useEffect(() => {
    editor?.setOptions({
      editorProps: {
        attributes: {
          role: 'textbox',
          'aria-multiline': 'true',
          'aria-label': label,
          ...(error ? { 'aria-invalid': 'true', 'aria-describedby': errorId } : {}),
        },
      },
    });
  }, [editor, error, label, errorId]);

  return (
    <Stack gap={4}>
      <Input.Label id={labelId} required={required} onClick={() => editor?.commands.focus()}>
        {label}
      </Input.Label>
      <RichTextEditor editor={editor} labels={labels()} style={error ? { borderColor: 'var(--mantine-color-error)' } : undefined}>
        <RichTextEditor.Toolbar aria-label={t('community.editor.toolbar')}>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
            <RichTextEditor.Strikethrough />
            <RichTextEditor.ClearFormatting />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
            <RichTextEditor.Blockquote />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Undo />
            <RichTextEditor.Redo />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content mih={220} />
      </RichTextEditor>
      {error && (
        <Input.Error id={errorId} role="alert">
          {error}
        </Input.Error>
      )}
    </Stack>
  );
}
