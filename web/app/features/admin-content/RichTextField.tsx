import { useEffect } from 'react';
import { Input, Paper, Text } from '@mantine/core';
import { Link, RichTextEditor, type RichTextEditorLabels } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import '@mantine/tiptap/styles.css';
import { ContentHtml } from '../content/ContentHtml.tsx';

/** The toolbar's names for screen readers and tooltips, in Russian. */
const LABELS: Partial<RichTextEditorLabels> = {
  boldControlLabel: 'Жирный',
  italicControlLabel: 'Курсив',
  underlineControlLabel: 'Подчёркнутый',
  strikeControlLabel: 'Зачёркнутый',
  clearFormattingControlLabel: 'Убрать оформление',
  h2ControlLabel: 'Заголовок 2',
  h3ControlLabel: 'Заголовок 3',
  h4ControlLabel: 'Заголовок 4',
  bulletListControlLabel: 'Маркированный список',
  orderedListControlLabel: 'Нумерованный список',
  blockquoteControlLabel: 'Цитата',
  hrControlLabel: 'Горизонтальная линия',
  linkControlLabel: 'Ссылка',
  unlinkControlLabel: 'Убрать ссылку',
  undoControlLabel: 'Отменить',
  redoControlLabel: 'Повторить',
  linkEditorInputLabel: 'Адрес ссылки',
  linkEditorInputPlaceholder: 'https://example.ru/ или /articles/dostavka',
  linkEditorExternalLink: 'Открывать в новой вкладке',
  linkEditorInternalLink: 'Открывать в этой вкладке',
  linkEditorSave: 'Сохранить',
};

/**
 * Mantine's Tiptap editor for a page or news body. Tiptap needs the browser's DOM, so the editor is created after
 * hydration only (`immediatelyRender: false`): the server renders the frame and the stored HTML as a read-only
 * preview, and the editor replaces it on the client. The HTML it produces is sanitized by the server when saved.
 */
export function RichTextField({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: string;
  onChange: (html: string) => void;
  error?: string | null;
}) {
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: false }), Link],
    content: value,
    immediatelyRender: false,
    shouldRerenderOnTransaction: true,
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
    editorProps: { attributes: { 'aria-label': label, 'data-testid': 'rich-text' } },
  });
  // A new value from outside (another item loaded) replaces the editor's content.
  useEffect(() => {
    if (editor && value !== editor.getHTML() && !editor.isFocused)
      editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  return (
    <Input.Wrapper label={label} error={error}>
      {editor ? (
        <RichTextEditor editor={editor} labels={LABELS}>
          <RichTextEditor.Toolbar sticky stickyOffset={48}>
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
              <RichTextEditor.H4 />
            </RichTextEditor.ControlsGroup>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.BulletList />
              <RichTextEditor.OrderedList />
              <RichTextEditor.Blockquote />
              <RichTextEditor.Hr />
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
          <RichTextEditor.Content mih={260} />
        </RichTextEditor>
      ) : (
        <Paper withBorder p="sm" mih={300} data-testid="rich-text-loading">
          <Text fz="xs" c="gray.7" mb="xs">
            Редактор загружается…
          </Text>
          {/* The stored body was sanitized by the server when it was saved. */}
          <ContentHtml html={value} />
        </Paper>
      )}
    </Input.Wrapper>
  );
}
