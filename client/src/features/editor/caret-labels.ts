import type { Awareness } from 'y-protocols/awareness';

/** How long a co-editor's name shows on their caret after it moved (they typed or clicked). */
export const CARET_NAME_MS = 1500;

const CARET = 'collaboration-carets__caret';
/** The caret of a co-editor who just moved: its name shows (editor.css). */
const MOVED = 'collaboration-carets__caret--moved';
/** The caret under the pointer (within a few pixels: a caret is 2 px wide): its name shows. */
const POINTED = 'collaboration-carets__caret--pointed';
const POINTER_SLACK_PX = 6;

type CaretUser = { id?: unknown; name?: unknown; color?: unknown };
/** Who a caret is: the user's id (the same across their moves), else their name. */
const keyOf = (user: CaretUser) => (typeof user.id === 'string' ? user.id : typeof user.name === 'string' ? user.name : '');

/**
 * The co-editors' carets, for TipTap's CollaborationCaret `render`. The name label sits above
 * the caret, where it covered the line above: it shows only while the pointer is on the caret
 * and for CARET_NAME_MS after that co-editor's caret moved, hidden otherwise (editor.css).
 * The pointer is found by position, not by CSS :hover: a 2 px inline caret inside the text is
 * no target the browser reliably reports hovered.
 */
export function caretLabels(awareness: Awareness): { render: (user: CaretUser) => HTMLElement; listen: (root: HTMLElement) => () => void } {
  const moved = new Map<string, ReturnType<typeof setTimeout>>();
  const carets = (key: string) => document.querySelectorAll<HTMLElement>(`.${CARET}[data-user="${CSS.escape(key)}"]`);

  const onChange = ({ added, updated }: { added: number[]; updated: number[] }) => {
    for (const clientId of [...added, ...updated]) {
      if (clientId === awareness.clientID) continue;
      const user = (awareness.getStates().get(clientId) as { user?: CaretUser; cursor?: unknown } | undefined)?.user;
      if (!user) continue;
      const key = keyOf(user);
      clearTimeout(moved.get(key));
      moved.set(
        key,
        setTimeout(() => {
          moved.delete(key);
          carets(key).forEach((c) => c.classList.remove(MOVED));
        }, CARET_NAME_MS),
      );
      // A caret drawn again after this (at its new place) asks `moved` itself.
      carets(key).forEach((c) => c.classList.add(MOVED));
    }
  };
  const render = (user: CaretUser) => {
    const color = typeof user.color === 'string' ? user.color : '#64748b';
    const caret = document.createElement('span');
    caret.classList.add(CARET);
    caret.dataset.user = keyOf(user);
    if (moved.has(caret.dataset.user)) caret.classList.add(MOVED);
    caret.style.borderColor = color;
    const label = document.createElement('div');
    label.classList.add('collaboration-carets__label');
    label.style.backgroundColor = color;
    label.textContent = typeof user.name === 'string' ? user.name : '';
    caret.append(label);
    return caret;
  };

  return {
    render,
    /** Follows the co-editors' moves and the pointer over `root` until the returned stop is called (an effect's setup and cleanup). */
    listen: (root: HTMLElement) => {
      const onPointer = (e: PointerEvent | null) => {
        root.querySelectorAll<HTMLElement>(`.${CARET}`).forEach((caret) => {
          const r = caret.getBoundingClientRect();
          const near = !!e && e.clientX >= r.left - POINTER_SLACK_PX && e.clientX <= r.right + POINTER_SLACK_PX && e.clientY >= r.top && e.clientY <= r.bottom;
          caret.classList.toggle(POINTED, near);
        });
      };
      const onLeave = () => onPointer(null);
      awareness.on('change', onChange);
      root.addEventListener('pointermove', onPointer);
      root.addEventListener('pointerleave', onLeave);
      return () => {
        root.removeEventListener('pointermove', onPointer);
        root.removeEventListener('pointerleave', onLeave);
        awareness.off('change', onChange);
        moved.forEach((timer) => clearTimeout(timer));
        moved.clear();
      };
    },
  };
}
