import { useEffect, useRef } from 'react';

/**
 * Open panels that Escape closes, the latest opened last: one press closes one panel, the top
 * one. With no panel open the key is left alone (the text editor's own use).
 *
 * Whatever handles the key first keeps it:
 * - a Radix dialog, menu, select or popover: it listens on the document in the capture phase and
 *   marks the event handled (preventDefault) when it closes; seen here on <body>, in the capture
 *   phase too, which comes after the document's;
 * - a text box with its own Escape (the comment composer): it marks the event handled, or stops it.
 * ProseMirror marks every Escape typed in the text (it only keeps the browser's default from
 * running): that alone does not count as handled.
 */
const open: { close: () => void }[] = [];
/** The last Escape that reached <body> already handled (by a Radix layer). */
let handledBefore: Event | null = null;

function onCapture(e: KeyboardEvent): void {
  if (e.key === 'Escape') handledBefore = e.defaultPrevented ? e : null;
}

function onKeyDown(e: KeyboardEvent): void {
  if (e.key !== 'Escape' || e.isComposing || handledBefore === e) return;
  const inText = e.target instanceof Element && e.target.closest('.ProseMirror') !== null;
  if (e.defaultPrevented && !inText) return;
  const top = open[open.length - 1];
  if (!top) return;
  e.preventDefault();
  top.close();
}

/**
 * While `isOpen`, Escape calls `close` (for panels that are not Radix dialogs: the editor's side
 * tabs, popovers of its own). The latest `close` is called.
 */
export function useEscapeCloses(isOpen: boolean, close: () => void): void {
  const latest = useRef(close);
  latest.current = close;
  useEffect(() => {
    if (!isOpen) return;
    const entry = { close: () => latest.current() };
    open.push(entry);
    if (open.length === 1) {
      document.body.addEventListener('keydown', onCapture, { capture: true });
      document.addEventListener('keydown', onKeyDown);
    }
    return () => {
      open.splice(open.indexOf(entry), 1);
      if (open.length === 0) {
        document.body.removeEventListener('keydown', onCapture, { capture: true });
        document.removeEventListener('keydown', onKeyDown);
      }
    };
  }, [isOpen]);
}
