import { useState } from 'react';
import Collaboration from '@tiptap/extension-collaboration';
import CollaborationCaret from '@tiptap/extension-collaboration-caret';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import { Bold, Heading2, Heading3, Italic, Link2, List, ListOrdered, MessageSquarePlus, Quote, Unlink } from 'lucide-react';
import type { WebsocketProvider } from 'y-websocket';
import type * as Y from 'yjs';
import { CONTENT_FIELD, editorExtensions } from '@shared/editor/extensions';
import { toStorableText } from '@shared/storable-text';
import { Button } from '@client/components/ui/button';
import { Dialog, DialogContent, DialogFooter, DialogHeader, DialogTitle } from '@client/components/ui/dialog';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { cn } from '@client/lib/utils';
import { StorablePaste } from './storable-paste';
import './editor.css';

export interface EditorUser {
  name: string;
  color: string;
}

function ToolbarButton({ label, active, onClick, disabled, children }: { label: string; active?: boolean; onClick: () => void; disabled?: boolean; children: React.ReactNode }) {
  return (
    <Button
      type="button"
      variant="ghost"
      size="icon-sm"
      aria-label={label}
      title={label}
      aria-pressed={active}
      disabled={disabled}
      onMouseDown={(e) => e.preventDefault()}
      onClick={onClick}
      className={cn(active && 'bg-accent text-accent-foreground')}
    >
      {children}
    </Button>
  );
}

function Toolbar({ editor, disabled, onComment }: { editor: Editor; disabled: boolean; onComment?: () => void }) {
  const s = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      link: e.isActive('link'),
    }),
  });
  const [linkOpen, setLinkOpen] = useState(false);
  const [url, setUrl] = useState('');
  const chain = () => editor.chain().focus();

  function applyLink() {
    const href = toStorableText(url.trim());
    if (!href) chain().extendMarkRange('link').unsetLink().run();
    else chain().extendMarkRange('link').setLink({ href: /^(https?:|mailto:)/i.test(href) ? href : `https://${href}` }).run();
    setLinkOpen(false);
  }

  return (
    <div role="toolbar" aria-label="Μορφοποίηση κειμένου" className="flex flex-wrap items-center gap-0.5 border-b bg-muted/40 p-1">
      <ToolbarButton label="Επικεφαλίδα" active={s.h2} disabled={disabled} onClick={() => chain().toggleHeading({ level: 2 }).run()}>
        <Heading2 className="h-4 w-4" aria-hidden />
      </ToolbarButton>
      <ToolbarButton label="Υπότιτλος" active={s.h3} disabled={disabled} onClick={() => chain().toggleHeading({ level: 3 }).run()}>
        <Heading3 className="h-4 w-4" aria-hidden />
      </ToolbarButton>
      <span className="mx-1 h-5 w-px bg-border" aria-hidden />
      <ToolbarButton label="Έντονα (Ctrl+B)" active={s.bold} disabled={disabled} onClick={() => chain().toggleBold().run()}>
        <Bold className="h-4 w-4" aria-hidden />
      </ToolbarButton>
      <ToolbarButton label="Πλάγια (Ctrl+I)" active={s.italic} disabled={disabled} onClick={() => chain().toggleItalic().run()}>
        <Italic className="h-4 w-4" aria-hidden />
      </ToolbarButton>
      <span className="mx-1 h-5 w-px bg-border" aria-hidden />
      <ToolbarButton label="Λίστα με κουκκίδες" active={s.bullet} disabled={disabled} onClick={() => chain().toggleBulletList().run()}>
        <List className="h-4 w-4" aria-hidden />
      </ToolbarButton>
      <ToolbarButton label="Αριθμημένη λίστα" active={s.ordered} disabled={disabled} onClick={() => chain().toggleOrderedList().run()}>
        <ListOrdered className="h-4 w-4" aria-hidden />
      </ToolbarButton>
      <ToolbarButton label="Παράθεση" active={s.quote} disabled={disabled} onClick={() => chain().toggleBlockquote().run()}>
        <Quote className="h-4 w-4" aria-hidden />
      </ToolbarButton>
      <ToolbarButton
        label="Σύνδεσμος"
        active={s.link}
        disabled={disabled}
        onClick={() => {
          setUrl((editor.getAttributes('link').href as string | undefined) ?? '');
          setLinkOpen(true);
        }}
      >
        <Link2 className="h-4 w-4" aria-hidden />
      </ToolbarButton>
      {s.link ? (
        <ToolbarButton label="Αφαίρεση συνδέσμου" disabled={disabled} onClick={() => chain().extendMarkRange('link').unsetLink().run()}>
          <Unlink className="h-4 w-4" aria-hidden />
        </ToolbarButton>
      ) : null}
      {onComment ? (
        <>
          <span className="mx-1 h-5 w-px bg-border" aria-hidden />
          <ToolbarButton label="Σχόλιο στην επιλογή (Ctrl+Alt+M)" onClick={onComment}>
            <MessageSquarePlus className="h-4 w-4" aria-hidden />
          </ToolbarButton>
        </>
      ) : null}
      <Dialog open={linkOpen} onOpenChange={setLinkOpen}>
        <DialogContent>
          <form
            onSubmit={(e) => {
              e.preventDefault();
              applyLink();
            }}
            className="space-y-4"
          >
            <DialogHeader>
              <DialogTitle>Σύνδεσμος</DialogTitle>
            </DialogHeader>
            <div className="space-y-2">
              <Label htmlFor="editor-link-url">Διεύθυνση (URL)</Label>
              <Input id="editor-link-url" value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://" autoFocus />
            </div>
            <DialogFooter>
              <Button type="submit">Εφαρμογή</Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </div>
  );
}

/** The release text: TipTap bound to the shared document, with every co-editor's caret. */
export function RichTextEditor({
  doc,
  provider,
  user,
  readOnly,
  onEditor,
  onComment,
}: {
  doc: Y.Doc;
  provider: WebsocketProvider;
  user: EditorUser;
  readOnly: boolean;
  onEditor?: (editor: Editor | null) => void;
  /** Starts a comment on the selection (shown to those who may comment, even on a read-only text). */
  onComment?: () => void;
}) {
  const editor = useEditor(
    {
      extensions: [
        ...editorExtensions(),
        StorablePaste,
        Collaboration.configure({ document: doc, field: CONTENT_FIELD }),
        CollaborationCaret.configure({ provider, user }),
      ],
      editable: !readOnly,
      editorProps: {
        attributes: {
          class: 'deltio-prose min-h-[18rem] px-4 py-3 focus:outline-none',
          'aria-label': 'Κείμενο δελτίου τύπου',
          'aria-multiline': 'true',
          role: 'textbox',
        },
      },
      onCreate: ({ editor: e }) => onEditor?.(e),
      onDestroy: () => onEditor?.(null),
    },
    [doc, provider],
  );

  if (editor && editor.isEditable === readOnly) editor.setEditable(!readOnly);

  return (
    <div className="overflow-hidden rounded-md border bg-background focus-within:ring-2 focus-within:ring-ring">
      {editor ? <Toolbar editor={editor} disabled={readOnly} onComment={onComment} /> : null}
      <EditorContent editor={editor} />
    </div>
  );
}
