import { useEffect, useMemo, useRef, useState } from 'react';
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
import { caretLabels } from './caret-labels';
import { loadSuggesting, repaintSuggestions, setSuggesting, SuggestChanges } from '@client/features/suggestions/suggest-changes';
import './editor.css';

export interface EditorUser {
  /** The user's id, so a co-editor's caret is known across their moves. */
  id?: string;
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

export type EditMode = 'edit' | 'suggest';

/** Suggesting mode: who writes, the authors' names and colours, the mode and whether the role fixes it. */
export interface SuggestOptions {
  userId: string;
  authorOf: (userId: string) => { name: string; color: string };
  mode: EditMode;
  /** A reviewer only suggests: the switch shows the mode but does not change it. */
  forced: boolean;
  onModeChange: (mode: EditMode) => void;
}

function ModeSwitch({ mode, forced, onChange }: { mode: EditMode; forced: boolean; onChange: (m: EditMode) => void }) {
  return (
    <div role="radiogroup" aria-label="Τρόπος επεξεργασίας" className="ml-auto flex rounded-md bg-background p-0.5 ring-1 ring-border" data-testid="edit-mode">
      {(['edit', 'suggest'] as const).map((m) => (
        <button
          key={m}
          type="button"
          role="radio"
          aria-checked={mode === m}
          disabled={forced && m !== mode}
          title={forced && m !== mode ? 'Ως Αναθεωρητής προτείνετε αλλαγές· τις εφαρμόζει ένα μέλος που γράφει.' : undefined}
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => onChange(m)}
          className={cn('rounded px-2 py-1 text-xs font-medium disabled:cursor-not-allowed disabled:opacity-50', mode === m ? 'bg-primary text-primary-foreground' : 'text-muted-foreground hover:text-foreground')}
        >
          {m === 'edit' ? 'Επεξεργασία' : 'Προτάσεις'}
        </button>
      ))}
    </div>
  );
}

function Toolbar({ editor, disabled, onComment, suggest }: { editor: Editor; disabled: boolean; onComment?: () => void; suggest?: SuggestOptions }) {
  // While suggesting, a block's type is not changed (no 'modification' suggestions yet): inline formatting is.
  const blockDisabled = disabled || suggest?.mode === 'suggest';
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
      <ToolbarButton label="Επικεφαλίδα" active={s.h2} disabled={blockDisabled} onClick={() => chain().toggleHeading({ level: 2 }).run()}>
        <Heading2 className="h-4 w-4" aria-hidden />
      </ToolbarButton>
      <ToolbarButton label="Υπότιτλος" active={s.h3} disabled={blockDisabled} onClick={() => chain().toggleHeading({ level: 3 }).run()}>
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
      <ToolbarButton label="Λίστα με κουκκίδες" active={s.bullet} disabled={blockDisabled} onClick={() => chain().toggleBulletList().run()}>
        <List className="h-4 w-4" aria-hidden />
      </ToolbarButton>
      <ToolbarButton label="Αριθμημένη λίστα" active={s.ordered} disabled={blockDisabled} onClick={() => chain().toggleOrderedList().run()}>
        <ListOrdered className="h-4 w-4" aria-hidden />
      </ToolbarButton>
      <ToolbarButton label="Παράθεση" active={s.quote} disabled={blockDisabled} onClick={() => chain().toggleBlockquote().run()}>
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
      {suggest ? <ModeSwitch mode={suggest.mode} forced={suggest.forced} onChange={suggest.onModeChange} /> : null}
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
  suggest,
}: {
  doc: Y.Doc;
  provider: WebsocketProvider;
  user: EditorUser;
  readOnly: boolean;
  onEditor?: (editor: Editor | null) => void;
  /** Starts a comment on the selection (shown to those who may comment, even on a read-only text). */
  onComment?: () => void;
  suggest?: SuggestOptions;
}) {
  // The extension reads the latest names and colours (members load after the editor).
  const authors = useRef(suggest?.authorOf);
  authors.current = suggest?.authorOf;
  // Co-editors' carets: their names show on hover and just after they move, never over the text meanwhile.
  const carets = useMemo(() => caretLabels(provider.awareness), [provider]);
  const editor = useEditor(
    {
      extensions: [
        ...editorExtensions(),
        StorablePaste,
        Collaboration.configure({ document: doc, field: CONTENT_FIELD }),
        CollaborationCaret.configure({ provider, user, render: carets.render }),
        SuggestChanges.configure({
          userId: suggest?.userId ?? '',
          authorOf: (id: string) => authors.current?.(id) ?? { name: '', color: '#64748b' },
        }),
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
    },
    [doc, provider],
  );


  useEffect(() => (editor && !editor.isDestroyed ? carets.listen(editor.view.dom) : undefined), [carets, editor]);

  // The screen gets the editor that is mounted now. Not from onCreate/onDestroy: under
  // StrictMode (development) the first editor's destroy comes after the second's create, and
  // would leave the screen (the coach, comments) with no editor at all.
  const announce = useRef(onEditor);
  announce.current = onEditor;
  useEffect(() => {
    announce.current?.(editor);
    return () => announce.current?.(null);
  }, [editor]);

  const mode = suggest?.mode ?? 'edit';
  // The suggestion library comes after the editor; the text waits for it only where it must suggest.
  const [canSuggest, setCanSuggest] = useState(false);
  const wantsSuggest = !!suggest;
  useEffect(() => {
    if (!editor || editor.isDestroyed || !wantsSuggest) return;
    let live = true;
    void loadSuggesting(editor).then(() => live && setCanSuggest(true));
    return () => {
      live = false;
    };
  }, [editor, wantsSuggest]);
  useEffect(() => {
    if (editor && !editor.isDestroyed && canSuggest) setSuggesting(editor.view, mode === 'suggest');
  }, [editor, mode, canSuggest]);
  // Read-only too while suggesting mode waits for its library (typing would not be a suggestion).
  const locked = readOnly || (mode === 'suggest' && !canSuggest);
  if (editor && editor.isEditable === locked) editor.setEditable(!locked);
  const authorOf = suggest?.authorOf;
  useEffect(() => {
    if (editor && !editor.isDestroyed) repaintSuggestions(editor.view);
  }, [editor, authorOf]);

  return (
    <div className="overflow-hidden rounded-md border bg-background focus-within:ring-2 focus-within:ring-ring">
      {editor ? <Toolbar editor={editor} disabled={readOnly} onComment={onComment} suggest={suggest} /> : null}
      <EditorContent editor={editor} />
    </div>
  );
}
