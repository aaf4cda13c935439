import { useRef, useState } from 'react';
import { queryKeys } from '@client/api/query-keys';
import { useQueryClient } from '@tanstack/react-query';
import { FileText, Paperclip, Trash2, Upload } from 'lucide-react';
import type { Attachment } from '@shared/schemas/attachments';
import { ApiError } from '@client/api/http';
import { storageErrorMessage } from '@client/api/storage-errors';
import { editorCalls, useAttachments } from './queries';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { Spinner } from '@client/components/ui/spinner';
import { toast } from '@client/components/ui/use-toast';
import { cn } from '@client/lib/utils';
import { refreshQueries } from '@client/lib/refresh';

const ACCEPT = '.png,.jpg,.jpeg,.gif,.webp,.pdf,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.odt,.ods,.odp';
const MAX_BYTES = 10 * 1024 * 1024;

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / 1024 / 1024).toLocaleString('el-GR', { maximumFractionDigits: 1 })} MB`;
}

function uploadError(err: unknown): string {
  const storage = storageErrorMessage(err);
  if (storage) return storage;
  if (err instanceof ApiError) {
    if (err.code === 'file_too_large' || err.code === 'payload_too_large') return 'Το αρχείο είναι μεγαλύτερο από 10 MB';
    if (err.code === 'file_type_not_allowed') return 'Δεκτά είναι μόνο εικόνες, PDF και έγγραφα office';
    if (err.code === 'too_many_files') return 'Έχετε φτάσει το όριο των 20 συνημμένων';
    if (err.code === 'empty_file') return 'Το αρχείο είναι κενό';
  }
  return 'Δεν ήταν δυνατή η μεταφόρτωση του αρχείου';
}

/** Files sent with the release: stored on the server, listed for every co-editor live. */
export function AttachmentsCard({ releaseId, disabled }: { releaseId: string; disabled: boolean }) {
  const queryClient = useQueryClient();
  const key = queryKeys.attachments(releaseId);
  const list = useAttachments(releaseId);
  const [uploading, setUploading] = useState(0);
  const [over, setOver] = useState(false);
  const input = useRef<HTMLInputElement>(null);


  async function add(files: FileList | File[]) {
    for (const file of Array.from(files)) {
      if (file.size > MAX_BYTES) {
        toast({ title: 'Σφάλμα', description: `${file.name}: Το αρχείο είναι μεγαλύτερο από 10 MB`, variant: 'destructive' });
        continue;
      }
      setUploading((n) => n + 1);
      try {
        await editorCalls.addAttachment(releaseId, file);
      } catch (err) {
        toast({ title: 'Σφάλμα', description: `${file.name}: ${uploadError(err)}`, variant: 'destructive' });
      } finally {
        setUploading((n) => n - 1);
      }
    }
    void refreshQueries(queryClient, key);
  }

  async function remove(a: Attachment) {
    try {
      await editorCalls.removeAttachment(releaseId, a.id);
      void refreshQueries(queryClient, key);
    } catch {
      toast({ title: 'Σφάλμα', description: 'Δεν ήταν δυνατή η αφαίρεση του αρχείου', variant: 'destructive' });
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <Paperclip className="h-4 w-4" aria-hidden /> Συνημμένα
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        <div
          role="button"
          tabIndex={disabled ? -1 : 0}
          aria-disabled={disabled}
          data-testid="drop-zone"
          onClick={() => !disabled && input.current?.click()}
          onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && !disabled && input.current?.click()}
          onDragOver={(e) => {
            e.preventDefault();
            setOver(true);
          }}
          onDragLeave={() => setOver(false)}
          onDrop={(e) => {
            e.preventDefault();
            setOver(false);
            if (!disabled) void add(e.dataTransfer.files);
          }}
          className={cn(
            'flex cursor-pointer flex-col items-center gap-1 rounded-md border-2 border-dashed p-4 text-center text-sm text-muted-foreground transition-colors',
            over && 'border-primary bg-primary/5',
            disabled && 'cursor-not-allowed opacity-60',
          )}
        >
          {uploading ? <Spinner size="sm" /> : <Upload className="h-5 w-5" aria-hidden />}
          <span>Σύρετε αρχεία εδώ ή πατήστε για επιλογή</span>
          <span className="text-xs">Εικόνες, PDF, έγγραφα office · έως 10 MB</span>
          <input
            ref={input}
            type="file"
            multiple
            accept={ACCEPT}
            className="sr-only"
            aria-label="Επιλογή αρχείων"
            onChange={(e) => {
              if (e.target.files) void add(e.target.files);
              e.target.value = '';
            }}
          />
        </div>
        <ul className="space-y-1.5" data-testid="attachments">
          {(list.data ?? []).map((a) => (
            <li key={a.id} className="flex items-center justify-between gap-2 rounded-md border px-2 py-1.5 text-sm">
              <a href={a.url} className="flex min-w-0 items-center gap-2 hover:underline">
                <FileText className="h-4 w-4 shrink-0" aria-hidden />
                <span className="truncate">{a.fileName}</span>
                <span className="shrink-0 text-xs text-muted-foreground">{formatSize(a.sizeBytes)}</span>
              </a>
              <Button variant="ghost" size="icon-sm" aria-label={`Αφαίρεση ${a.fileName}`} disabled={disabled} onClick={() => void remove(a)}>
                <Trash2 className="h-4 w-4" aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
