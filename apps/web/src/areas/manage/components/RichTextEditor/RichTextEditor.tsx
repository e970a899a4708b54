import { App, Button, Input, Popover, Space, Tooltip, Upload } from 'antd';
import {
  BoldOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import Image from '@tiptap/extension-image';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../../app/session.tsx';
import { UploadError, uploadFile } from '../../layout/upload.ts';
import './rich-text-editor.css';

/** Image types the editor uploads. */
const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

export interface RichTextEditorProps {
  /** HTML. */
  value?: string;
  onChange?: (html: string) => void;
  /** Minimum height of the editing area in px (spec 9: 100 by default). */
  height?: number;
  placeholder?: string;
  /** Accessible name of the editing area. */
  ariaLabel?: string;
  /** Called with the number of images still uploading (forms refuse to save while it is not 0). */
  onUploadingChange?: (count: number) => void;
  id?: string;
}

/** The editor's HTML, or '' when it holds no text and no image (so "required" rules see it empty). */
function htmlOf(editor: Editor): string {
  return editor.isEmpty ? '' : editor.getHTML();
}

/**
 * The back office's rich text editor (tiptap): headings, emphasis, lists, quotes, links and
 * uploaded images. The server sanitizes what is saved; this only edits. Works as an antd
 * Form control (value/onChange).
 */
export function RichTextEditor({
  value = '',
  onChange,
  height = 100,
  placeholder,
  ariaLabel,
  onUploadingChange,
  id,
}: RichTextEditorProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { token } = useSession();
  const [uploading, setUploading] = useState(0);
  const [linkOpen, setLinkOpen] = useState(false);
  const [linkHref, setLinkHref] = useState('');
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        link: { openOnClick: false, protocols: ['http', 'https', 'mailto', 'tel'], autolink: true },
      }),
      Image,
    ],
    content: value,
    editorProps: {
      attributes: {
        class: 'yy-rte-content',
        role: 'textbox',
        'aria-multiline': 'true',
        ...(ariaLabel ? { 'aria-label': ariaLabel } : {}),
        ...(id ? { id } : {}),
        ...(placeholder ? { 'data-placeholder': placeholder } : {}),
        style: `min-height: ${height}px`,
      },
    },
    onUpdate: ({ editor: e }) => onChangeRef.current?.(htmlOf(e)),
  });

  // A value set from outside (loaded from the server, form reset) replaces the content.
  useEffect(() => {
    if (editor && value !== htmlOf(editor)) editor.commands.setContent(value || '', { emitUpdate: false });
  }, [editor, value]);

  useEffect(() => onUploadingChange?.(uploading), [uploading, onUploadingChange]);

  const state = useEditorState({
    editor,
    selector: ({ editor: e }) =>
      e
        ? {
            bold: e.isActive('bold'),
            italic: e.isActive('italic'),
            underline: e.isActive('underline'),
            strike: e.isActive('strike'),
            h2: e.isActive('heading', { level: 2 }),
            h3: e.isActive('heading', { level: 3 }),
            bullet: e.isActive('bulletList'),
            ordered: e.isActive('orderedList'),
            quote: e.isActive('blockquote'),
            link: e.isActive('link'),
            empty: e.isEmpty,
            canUndo: e.can().undo(),
            canRedo: e.can().redo(),
          }
        : null,
  });

  if (!editor || !state) return null;

  const tool = (label: string, icon: ReactNode, active: boolean, run: () => void, disabled = false) => (
    <Tooltip title={label} key={label}>
      <Button
        type={active ? 'primary' : 'text'}
        size="small"
        aria-label={label}
        aria-pressed={active}
        icon={icon}
        disabled={disabled}
        onClick={run}
      />
    </Tooltip>
  );
  const textTool = (label: string, text: string, active: boolean, run: () => void) => (
    <Tooltip title={label} key={label}>
      <Button type={active ? 'primary' : 'text'} size="small" aria-label={label} aria-pressed={active} onClick={run}>
        {text}
      </Button>
    </Tooltip>
  );

  const upload = async (file: File) => {
    if (!IMAGE_TYPES.includes(file.type)) {
      void message.error(t('richText.imageType'));
      return;
    }
    setUploading((n) => n + 1);
    try {
      const uri = await uploadFile(file, token, 'content-picture');
      editor.chain().focus().setImage({ src: uri, alt: file.name }).run();
    } catch (err) {
      void message.error(err instanceof UploadError ? err.message : t('richText.uploadFailed'));
    } finally {
      setUploading((n) => n - 1);
    }
  };

  const applyLink = () => {
    const href = linkHref.trim();
    if (href === '') editor.chain().focus().extendMarkRange('link').unsetLink().run();
    else if (/^(https?:\/\/|mailto:|tel:|\/)/i.test(href)) {
      editor.chain().focus().extendMarkRange('link').setLink({ href, target: '_blank' }).run();
    } else {
      void message.error(t('richText.linkInvalid'));
      return;
    }
    setLinkOpen(false);
  };

  return (
    <div className="yy-rte">
      <div className="yy-rte-toolbar" role="toolbar" aria-label={t('richText.toolbar')}>
        <Space size={2} wrap>
          {tool(t('richText.bold'), <BoldOutlined />, state.bold, () => editor.chain().focus().toggleBold().run())}
          {tool(t('richText.italic'), <ItalicOutlined />, state.italic, () =>
            editor.chain().focus().toggleItalic().run(),
          )}
          {tool(t('richText.underline'), <UnderlineOutlined />, state.underline, () =>
            editor.chain().focus().toggleUnderline().run(),
          )}
          {tool(t('richText.strike'), <StrikethroughOutlined />, state.strike, () =>
            editor.chain().focus().toggleStrike().run(),
          )}
          {textTool(t('richText.heading2'), 'H2', state.h2, () =>
            editor.chain().focus().toggleHeading({ level: 2 }).run(),
          )}
          {textTool(t('richText.heading3'), 'H3', state.h3, () =>
            editor.chain().focus().toggleHeading({ level: 3 }).run(),
          )}
          {tool(t('richText.bulletList'), <UnorderedListOutlined />, state.bullet, () =>
            editor.chain().focus().toggleBulletList().run(),
          )}
          {tool(t('richText.orderedList'), <OrderedListOutlined />, state.ordered, () =>
            editor.chain().focus().toggleOrderedList().run(),
          )}
          {textTool(t('richText.quote'), '❝', state.quote, () => editor.chain().focus().toggleBlockquote().run())}
          <Popover
            open={linkOpen}
            onOpenChange={(open) => {
              setLinkOpen(open);
              if (open) setLinkHref(String(editor.getAttributes('link').href ?? ''));
            }}
            trigger="click"
            content={
              <Space.Compact>
                <Input
                  aria-label={t('richText.linkUrl')}
                  placeholder="https://"
                  value={linkHref}
                  onChange={(e) => setLinkHref(e.target.value)}
                  onPressEnter={applyLink}
                  style={{ width: 240 }}
                />
                <Button type="primary" onClick={applyLink}>
                  {t('common.submit')}
                </Button>
              </Space.Compact>
            }
          >
            <Button
              type={state.link ? 'primary' : 'text'}
              size="small"
              aria-label={t('richText.link')}
              aria-pressed={state.link}
              icon={<LinkOutlined />}
            />
          </Popover>
          <Upload
            accept={IMAGE_TYPES.join(',')}
            showUploadList={false}
            multiple
            beforeUpload={(file) => {
              void upload(file);
              return false;
            }}
          >
            <Tooltip title={t('richText.image')}>
              <Button type="text" size="small" aria-label={t('richText.image')} icon={<PictureOutlined />} />
            </Tooltip>
          </Upload>
          {tool(t('richText.undo'), <UndoOutlined />, false, () => editor.chain().focus().undo().run(), !state.canUndo)}
          {tool(t('richText.redo'), <RedoOutlined />, false, () => editor.chain().focus().redo().run(), !state.canRedo)}
        </Space>
        {uploading > 0 ? (
          <span className="yy-rte-uploading" role="status">
            {t('richText.uploading', { count: uploading })}
          </span>
        ) : null}
      </div>
      <EditorContent editor={editor} className={state.empty ? 'yy-rte-body is-empty' : 'yy-rte-body'} />
    </div>
  );
}
