/**
 * Part of a prerendered page whose code loads only when the visitor reaches for it (partial
 * hydration): the contact and demo forms, with react-hook-form, zod and the request core,
 * stay server markup until the pointer comes over them or they take focus. The browser shows
 * them at once (they are in the HTML); their code is not part of the page's first download.
 *
 * How: the part renders inside a Suspense boundary that suspends until it is wanted. While
 * hydrating, React keeps a suspended boundary's server markup as it is and hydrates it when
 * the promise settles. Rendered in the app instead (not hydrating), the part loads at once.
 * The build-time prerender loads every part first (preloadDeferred), so it renders whole.
 *
 * Nothing the visitor does in the moment before the code is there is lost: text typed into
 * the fields is put back once the form is live (its first render resets them), and a click
 * (a button, the consent box, the submit) is held and replayed then.
 */
import { Suspense, useEffect, useRef, type ComponentType } from 'react';

let hydrating = false;
const preloaders: (() => Promise<void>)[] = [];

/** Called by the public entry around hydrateRoot: parts rendered meanwhile wait to be wanted. */
export function setHydratingPrerender(value: boolean): void {
  hydrating = value;
}

/** Loads every deferred part (the prerender does this before rendering). */
export async function preloadDeferred(): Promise<void> {
  await Promise.all(preloaders.map((load) => load()));
}

const WANT_EVENTS = ['pointerover', 'focusin', 'touchstart'] as const;
type Field = HTMLInputElement | HTMLTextAreaElement;

/** Sets a field's value as typing would, so React's onChange (and react-hook-form) see it. */
function retype(field: Field, value: string): void {
  // The prototype's setter: React tracks the value it last set, and a plain assignment would
  // look like no change to it.
  // eslint-disable-next-line @typescript-eslint/unbound-method
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set;
  setter?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/** The element clicked, or the HTML element holding the icon (an <svg> part) that was. */
function htmlTarget(target: EventTarget | null): HTMLElement | null {
  let el = target instanceof Element ? target : null;
  while (el && !(el instanceof HTMLElement)) el = el.parentElement;
  return el;
}

function Ready({ onReady }: { onReady: () => void }) {
  useEffect(onReady, [onReady]);
  return null;
}

export function deferred<P extends object>(
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  let Loaded: ComponentType<P> | null = null;
  let loading: Promise<void> | null = null;
  const preload = () =>
    (loading ??= load().then((component) => {
      Loaded = component;
    }));
  preloaders.push(preload);
  let want!: () => void;
  const wanted = new Promise<void>((resolve) => (want = resolve)).then(preload);

  function Part({ props, wait, onReady }: { props: P; wait: boolean; onReady: () => void }) {
    if (Loaded)
      return (
        <>
          <Loaded {...props} />
          <Ready onReady={onReady} />
        </>
      );
    // Suspense's protocol: a thrown promise (React retries the part when it settles).
    // eslint-disable-next-line @typescript-eslint/only-throw-error
    throw wait ? wanted : preload();
  }

  function DeferredPart(props: P) {
    const ref = useRef<HTMLDivElement>(null);
    // Decided once, at the first render: hydrating the prerendered page, or rendered in the app.
    const wait = useRef(hydrating).current;
    const live = useRef(!wait);
    const typed = useRef(new Map<Field, string>());
    const clicked = useRef<HTMLElement | null>(null);
    const onReady = useRef(() => {
      live.current = true;
      for (const [field, value] of typed.current) if (field.isConnected) retype(field, value);
      typed.current.clear();
      const target = clicked.current;
      clicked.current = null;
      if (target?.isConnected) target.click();
    }).current;

    useEffect(() => {
      const el = ref.current;
      if (!el || live.current) return;
      // Listened for on the document, capturing: React's own listener on the root stops the
      // events that reach a part it has not hydrated yet.
      const inside = (e: Event) => e.target instanceof Node && el.contains(e.target);
      const onWant = (e: Event) => {
        if (inside(e)) want();
      };
      const onInput = (e: Event) => {
        const t = e.target;
        if (
          !live.current &&
          inside(e) &&
          (t instanceof HTMLTextAreaElement ||
            (t instanceof HTMLInputElement && t.type !== 'checkbox'))
        )
          typed.current.set(t, t.value);
      };
      // Until its code is here a form has no handlers: hold clicks (and the browser's own
      // submit) and replay the last click once it is live.
      const hold = (e: Event) => {
        if (live.current || !inside(e)) return;
        e.preventDefault();
        e.stopPropagation();
        if (e.type === 'click') clicked.current = htmlTarget(e.target);
        want();
      };
      const listeners: [string, (e: Event) => void][] = [
        ...WANT_EVENTS.map((type) => [type, onWant] as [string, (e: Event) => void]),
        ['input', onInput],
        ['click', hold],
        ['submit', hold],
      ];
      for (const [type, fn] of listeners) document.addEventListener(type, fn, true);
      return () => {
        for (const [type, fn] of listeners) document.removeEventListener(type, fn, true);
      };
    }, []);
    return (
      <div ref={ref} className="contents" data-deferred-part="">
        <Suspense fallback={null}>
          <Part props={props} wait={wait} onReady={onReady} />
        </Suspense>
      </div>
    );
  }
  return DeferredPart;
}
