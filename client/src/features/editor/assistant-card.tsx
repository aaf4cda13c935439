import { lazy, Suspense } from 'react';
import type { Editor } from '@tiptap/react';
import { Sparkles } from 'lucide-react';
import type * as Y from 'yjs';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { Spinner } from '@client/components/ui/spinner';

/** The coach loads after the editor (its own chunk): spelling, checks, suggestions. */
const Coach = lazy(() => import('./coach/coach'));

/**
 * The writing assistant: a Greek press-release coach on the live text (built-in, offline),
 * with titles, a summary and the automatic fixes (built-in, or the configured AI endpoint).
 */
export function AssistantCard({
  editor,
  title,
  disabled,
  releaseId,
  onCount,
}: {
  editor: Editor | null;
  title: Y.Text;
  disabled: boolean;
  releaseId: string;
  onCount?: (n: number) => void;
}) {
  return (
    <Card data-testid="assistant" id="assistant-card" className="scroll-mt-4">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <Sparkles className="h-4 w-4 text-primary" aria-hidden /> Βοηθός γραφής
        </CardTitle>
      </CardHeader>
      <CardContent>
        <Suspense fallback={<Spinner size="sm" />}>
          <Coach editor={editor} title={title} releaseId={releaseId} disabled={disabled} onCount={onCount} />
        </Suspense>
      </CardContent>
    </Card>
  );
}
