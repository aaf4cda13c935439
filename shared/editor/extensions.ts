import type { AnyExtension } from '@tiptap/core';
import StarterKit from '@tiptap/starter-kit';
import { allowSuggestionsIn, suggestionExtensions } from './suggestion-marks';

/** The Y.XmlFragment of a release document that holds the rich text. */
export const CONTENT_FIELD = 'default';

/**
 * The one extension list of the release editor, shared by the client editor (which adds
 * Collaboration and CollaborationCaret) and the server (read-only rendering to HTML).
 * StarterKit 3 brings headings, bold, italic, lists, links, quotes; its own undo/redo is
 * off because the collaborative history replaces it. The suggestion marks (insertion, deletion,
 * modification: suggested changes, see suggestion-marks.ts) are part of the schema everywhere.
 */
export function editorExtensions(): AnyExtension[] {
  return [
    allowSuggestionsIn(
      StarterKit.configure({
        undoRedo: false,
        heading: { levels: [2, 3] },
        link: { openOnClick: false, autolink: true, protocols: ['http', 'https', 'mailto'] },
      }),
    ),
    ...suggestionExtensions(),
  ];
}
