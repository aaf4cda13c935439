import * as React from 'react';
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { cn } from '@client/lib/utils';
import { useT } from '@client/i18n';
import { MAIN_CONTENT_ID } from '@client/components/layout/skip-link';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogPortal = DialogPrimitive.Portal;
export const DialogClose = DialogPrimitive.Close;

export const DialogOverlay = React.forwardRef<
  React.ElementRef<typeof DialogPrimitive.Overlay>,
  React.ComponentPropsWithoutRef<typeof DialogPrimitive.Overlay>
>(({ className, ...props }, ref) => (
  <DialogPrimitive.Overlay
    ref={ref}
    className={cn(
      'fixed inset-0 z-50 bg-slate-900/50 data-[state=open]:animate-fade-in',
      className,
    )}
    {...props}
  />
));
DialogOverlay.displayName = DialogPrimitive.Overlay.displayName;

/**
 * Where focus goes back when a dialog closes: the element that had it when the dialog
 * opened, or, for a dialog opened from a menu item (which is gone by then), the button
 * of that menu (Radix labels a menu with its trigger).
 */
export function returnFocusTarget(active: Element | null): HTMLElement | null {
  if (!(active instanceof HTMLElement) || active === document.body) return null;
  const menu = active.closest('[role="menu"]');
  const triggerId = menu?.getAttribute('aria-labelledby');
  const trigger = triggerId ? document.getElementById(triggerId) : null;
  return trigger ?? active;
}

/** Notes the return target as the dialog mounts (before it moves focus inside itself). */
function CaptureReturnFocus({ target }: { target: React.MutableRefObject<HTMLElement | null> }) {
  React.useLayoutEffect(() => {
    target.current = returnFocusTarget(document.activeElement);
  }, [target]);
  return null;
}

/**
 * Gives focus back to what opened the dialog; if that is gone (a deleted row, a banner that
 * closed), to the page's main content rather than losing it on <body>.
 */
function restoreFocus(target: HTMLElement | null, e: Event): void {
  if (e.defaultPrevented) return;
  const el = target?.isConnected ? target : document.getElementById(MAIN_CONTENT_ID);
  if (!el) return;
  e.preventDefault();
  if (el.id === MAIN_CONTENT_ID && !el.hasAttribute('tabindex')) el.setAttribute('tabindex', '-1');
  el.focus({ preventScroll: el.id === MAIN_CONTENT_ID });
}

/**
 * Focus back to what opened a dialog, for any dialog on the Radix primitive: render
 * `capture` inside its Content and pass `onCloseAutoFocus`. (Radix itself gives focus back
 * only to a Dialog.Trigger; a dialog opened from state, a menu or another component's button
 * would leave it on <body>.)
 */
export function useReturnFocus(): { capture: React.ReactNode; onCloseAutoFocus: (e: Event) => void } {
  const target = React.useRef<HTMLElement | null>(null);
  return { capture: <CaptureReturnFocus target={target} />, onCloseAutoFocus: (e: Event) => restoreFocus(target.current, e) };
}

export interface DialogContentProps extends React.ComponentPropsWithoutRef<
  typeof DialogPrimitive.Content
> {
  /** Hide the top-right close button (e.g. for a wizard the user cannot dismiss). */
  hideClose?: boolean;
}

export const DialogContent = React.forwardRef<
  React.ElementRef<typeof DialogPrimitive.Content>,
  DialogContentProps
>(({ className, children, hideClose = false, onCloseAutoFocus, ...props }, ref) => {
  const t = useT();
  const returnFocus = useReturnFocus();
  return (
    <DialogPortal>
      <DialogOverlay />
      <DialogPrimitive.Content
        ref={ref}
        className={cn(
          'fixed left-1/2 top-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-lg border bg-background p-6 shadow-lg focus:outline-none data-[state=open]:animate-dialog-in',
          className,
        )}
        {...props}
        onCloseAutoFocus={(e) => {
          onCloseAutoFocus?.(e);
          returnFocus.onCloseAutoFocus(e);
        }}
      >
        {returnFocus.capture}
        {children}
        {!hideClose && (
          <DialogPrimitive.Close className="absolute right-4 top-4 rounded-sm opacity-70 transition-opacity hover:opacity-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 disabled:pointer-events-none">
            <X className="h-4 w-4" aria-hidden />
            <span className="sr-only">{t('common.close')}</span>
          </DialogPrimitive.Close>
        )}
      </DialogPrimitive.Content>
    </DialogPortal>
  );
});
DialogContent.displayName = DialogPrimitive.Content.displayName;

export function DialogHeader({ className, ...props }: React.HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('flex flex-col gap-1.5 pr-6 text-left', className)} {...props} />;
}

export function DialogFooter({ className, ...props }: React.HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)}
      {...props}
    />
  );
}

export const DialogTitle = React.forwardRef<
  React.ElementRef<typeof DialogPrimitive.Title>,
  React.ComponentPropsWithoutRef<typeof DialogPrimitive.Title>
>(({ className, ...props }, ref) => (
  <DialogPrimitive.Title
    ref={ref}
    className={cn('text-lg font-semibold leading-tight', className)}
    {...props}
  />
));
DialogTitle.displayName = DialogPrimitive.Title.displayName;

export const DialogDescription = React.forwardRef<
  React.ElementRef<typeof DialogPrimitive.Description>,
  React.ComponentPropsWithoutRef<typeof DialogPrimitive.Description>
>(({ className, ...props }, ref) => (
  <DialogPrimitive.Description
    ref={ref}
    className={cn('text-sm text-muted-foreground', className)}
    {...props}
  />
));
DialogDescription.displayName = DialogPrimitive.Description.displayName;
