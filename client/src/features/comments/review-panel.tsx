/**
 * The side column's review: pending suggested changes, then the comment threads. Loaded when it
 * is first shown (the comments tab, the phone's panel), not with the editor.
 */
import type { ComponentProps } from 'react';
import { SuggestionsList } from '@client/features/suggestions/suggestions-list';
import { CommentsPanel } from './comments-panel';

export default function ReviewPanel({ suggestions, comments }: { suggestions: ComponentProps<typeof SuggestionsList>; comments: ComponentProps<typeof CommentsPanel> }) {
  return (
    <div className="space-y-4">
      <SuggestionsList {...suggestions} />
      <CommentsPanel {...comments} />
    </div>
  );
}
