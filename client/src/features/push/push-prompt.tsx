import { useState } from 'react';
import { BellRing, X } from 'lucide-react';
import { Button } from '@client/components/ui/button';
import { Spinner } from '@client/components/ui/spinner';
import { toast } from '@client/components/ui/use-toast';
import { failedEnable, PUSH_STRINGS } from './push-strings';
import { dismissPrompt, promptDismissed } from './prompt-dismissed';
import { pushSupported } from './push-device';
import { notificationPermission } from './push-worker';
import { usePush } from './use-push';

export const PROMPT_STRINGS = {
  title: 'Μάθετε αμέσως για κάθε νέο δελτίο τύπου',
  text: 'Ενεργοποιήστε τις ειδοποιήσεις push και θα ειδοποιείστε σε αυτή τη συσκευή μόλις σας σταλεί ένα δελτίο, ακόμη κι όταν το Deltio είναι κλειστό. Μπορείτε να τις απενεργοποιήσετε όποτε θέλετε από τις Ρυθμίσεις.',
  enable: 'Ενεργοποίηση ειδοποιήσεων',
  later: 'Όχι τώρα',
  close: 'Κλείσιμο',
};
const S = PROMPT_STRINGS;

/**
 * The inbox's offer of push notifications, once a first release has arrived: only where the
 * browser can have them, the journalist has not decided yet (the browser's permission is still
 * to be asked) and has not said "not now" on this device.
 */
export function PushPrompt() {
  // Nothing to offer (no push here, already asked, "not now" said here): no request either.
  if (!pushSupported() || notificationPermission() !== 'default' || promptDismissed()) return null;
  return <PromptCard />;
}

function PromptCard() {
  const { config, device, enable } = usePush();
  const [hidden, setHidden] = useState(promptDismissed);
  const show =
    !hidden && config.data?.enabled && config.data.hasReceived && device.supported && device.permission === 'default' && device.subscribed === false;
  if (!show) return null;
  const dismiss = () => {
    dismissPrompt();
    setHidden(true);
  };
  return (
    <section
      aria-labelledby="push-prompt-title"
      data-testid="push-prompt"
      className="relative mb-6 flex flex-col gap-3 rounded-lg border border-primary/30 bg-primary/5 p-4 pr-10 sm:flex-row sm:items-center sm:gap-4"
    >
      <BellRing className="hidden h-6 w-6 shrink-0 text-primary sm:block" aria-hidden />
      <div className="min-w-0 flex-1 space-y-1">
        <h2 id="push-prompt-title" className="font-semibold">
          {S.title}
        </h2>
        <p className="text-sm text-muted-foreground">{S.text}</p>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        <Button
          disabled={enable.isPending}
          onClick={() =>
            enable.mutate(undefined, {
              onSuccess: () => toast({ title: PUSH_STRINGS.success, description: PUSH_STRINGS.enabled, variant: 'success' }),
              onError: failedEnable,
            })
          }
        >
          {enable.isPending ? <Spinner size="sm" /> : null}
          {S.enable}
        </Button>
        <Button variant="outline" onClick={dismiss}>
          {S.later}
        </Button>
      </div>
      <button type="button" onClick={dismiss} aria-label={S.close} className="absolute right-2 top-2 rounded p-1 text-muted-foreground hover:bg-muted">
        <X className="h-4 w-4" aria-hidden />
      </button>
    </section>
  );
}
