import { useState } from 'react';
import type { Editor } from '@tiptap/react';
import { Sparkles } from 'lucide-react';
import type * as Y from 'yjs';
import { suggestionsResponse, type SuggestionsResponse } from '@shared/schemas/assistant';
import { api } from '@client/api/http';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { Spinner } from '@client/components/ui/spinner';
import { toast } from '@client/components/ui/use-toast';
import { applyTextChange } from './y-text-input';

export const EMPTY_CONTENT_MESSAGE = 'Παρακαλώ εισάγετε κείμενο για να λάβετε προτάσεις AI';

const paragraphs = (text: string) =>
  text
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => ({ type: 'paragraph', content: [{ type: 'text', text: p }] }));

/**
 * The writing assistant: three titles, a summary and an improved text computed for the
 * actual content (built-in Greek assistant, or the configured AI endpoint). Each goes into
 * the shared document with one click, so co-editors see it arrive.
 */
export function AssistantCard({ editor, title, disabled }: { editor: Editor | null; title: Y.Text; disabled: boolean }) {
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<SuggestionsResponse | null>(null);

  async function ask() {
    const text = editor?.getText({ blockSeparator: '\n\n' }).trim() ?? '';
    if (!text) {
      toast({ title: 'Σφάλμα', description: EMPTY_CONTENT_MESSAGE, variant: 'destructive' });
      return;
    }
    setBusy(true);
    try {
      setResult(await api('POST', '/assistant/suggestions', { body: { title: title.toJSON(), text }, schema: suggestionsResponse }));
    } catch {
      toast({ title: 'Σφάλμα', description: 'Δεν ήταν δυνατή η λήψη προτάσεων', variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card data-testid="assistant">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <Sparkles className="h-4 w-4 text-primary" aria-hidden /> Βοηθός γραφής
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <Button variant="outline" className="w-full" onClick={() => void ask()} disabled={busy || disabled}>
          {busy ? <Spinner size="sm" /> : <Sparkles className="h-4 w-4" aria-hidden />} Προτάσεις για το κείμενο
        </Button>
        {result ? (
          <div className="space-y-4 text-sm">
            <section className="space-y-2">
              <h3 className="font-medium">Προτεινόμενοι τίτλοι</h3>
              <ul className="space-y-2">
                {result.titles.map((t) => (
                  <li key={t} className="flex items-start justify-between gap-2 rounded-md border p-2">
                    <span data-testid="suggested-title">{t}</span>
                    <Button size="sm" variant="ghost" disabled={disabled} onClick={() => applyTextChange(title, t)}>
                      Χρήση
                    </Button>
                  </li>
                ))}
              </ul>
            </section>
            <section className="space-y-2">
              <h3 className="font-medium">Περίληψη</h3>
              <p className="rounded-md bg-muted/50 p-2" data-testid="suggested-summary">
                {result.summary}
              </p>
              <Button size="sm" variant="ghost" disabled={disabled || !editor} onClick={() => editor?.chain().focus().insertContentAt(0, paragraphs(result.summary)).run()}>
                Εισαγωγή στην αρχή
              </Button>
            </section>
            <section className="space-y-2">
              <h3 className="font-medium">Βελτιωμένο κείμενο</h3>
              <p className="max-h-40 overflow-auto whitespace-pre-line rounded-md bg-muted/50 p-2">{result.improved}</p>
              <Button
                size="sm"
                variant="ghost"
                disabled={disabled || !editor}
                onClick={() => {
                  if (window.confirm('Να αντικατασταθεί το κείμενο με τη βελτιωμένη εκδοχή;')) {
                    editor?.chain().focus().setContent({ type: 'doc', content: paragraphs(result.improved) }).run();
                  }
                }}
              >
                Αντικατάσταση κειμένου
              </Button>
            </section>
            <p className="text-xs text-muted-foreground">
              {result.source === 'builtin' ? 'Προτάσεις από τον ενσωματωμένο ελληνικό βοηθό.' : 'Προτάσεις από το μοντέλο AI.'}
            </p>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
