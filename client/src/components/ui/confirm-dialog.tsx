import * as React from 'react';
import { Button } from '@client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@client/components/ui/dialog';
import { Spinner } from '@client/components/ui/spinner';

export const CANCEL_LABEL = 'Ακύρωση';

/**
 * "Are you sure?" before a destructive action, as an alert dialog: it says what will happen
 * to whom, and acts only on its confirm button. Cancel, Escape or the close button leave
 * everything as it was; a click outside does nothing (an alert dialog is answered, not
 * dismissed). While the action runs it stays open with its buttons disabled.
 */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  pending = false,
  onConfirm,
  onCancel,
  testId,
}: {
  open: boolean;
  title: string;
  description: React.ReactNode;
  confirmLabel: string;
  pending?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  testId?: string;
}) {
  return (
    <Dialog open={open} onOpenChange={(o) => !o && !pending && onCancel()}>
      <DialogContent role="alertdialog" className="max-w-md" data-testid={testId} onInteractOutside={(e) => e.preventDefault()}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          {/* A long address (no spaces) wraps rather than widening the dialog past the screen. */}
          <DialogDescription className="[overflow-wrap:anywhere]">{description}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onCancel} disabled={pending}>
            {CANCEL_LABEL}
          </Button>
          <Button variant="destructive" onClick={onConfirm} disabled={pending}>
            {pending ? <Spinner size="sm" /> : null}
            {confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
