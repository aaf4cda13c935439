import { lazy, Suspense } from 'react';
import { promptDismissed } from './prompt-dismissed';

const PushPrompt = lazy(() => import('./push-prompt').then((m) => ({ default: m.PushPrompt })));

/**
 * The inbox's push prompt, loaded only where it may show (this browser can have push, has not
 * been asked yet, and the journalist did not say "not now" here): the media area's own JavaScript
 * stays within its budget, and most visits never load the prompt at all.
 */
export function LazyPushPrompt() {
  const mayShow =
    typeof window !== 'undefined' && window.isSecureContext && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window && Notification.permission === 'default' && !promptDismissed();
  if (!mayShow) return null;
  return (
    <Suspense fallback={null}>
      <PushPrompt />
    </Suspense>
  );
}
