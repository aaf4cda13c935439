import { BellRing } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { Label } from '@client/components/ui/label';
import { Spinner } from '@client/components/ui/spinner';
import { Switch } from '@client/components/ui/switch';
import { toast } from '@client/components/ui/use-toast';
import { failedEnable, PUSH_STRINGS } from './push-strings';
import { usePush } from './use-push';

const S = PUSH_STRINGS;

/** The journalist's settings: push notifications on this device (on/off), and how many devices get them. */
export function PushSettingsCard() {
  const { config, device, enable, disable } = usePush();
  if (config.isPending || !config.data) return null;
  const busy = enable.isPending || disable.isPending;
  const note = !config.data.enabled ? S.unavailable : !device.supported ? S.unsupported : device.permission === 'denied' ? S.denied : null;
  return (
    <Card data-testid="push-settings">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <BellRing className="h-5 w-5 text-primary" aria-hidden />
          {S.title}
        </CardTitle>
        <CardDescription>{S.text}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        {note ? (
          <p className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900" role="status">
            {note}
          </p>
        ) : (
          <div className="flex items-center justify-between gap-4 rounded-md border px-3 py-2.5">
            <Label htmlFor="push-this-device" className="cursor-pointer">
              {S.switchLabel}
            </Label>
            <span className="flex items-center gap-2">
              {busy ? <Spinner size="sm" /> : null}
              <Switch
                id="push-this-device"
                checked={device.subscribed === true}
                disabled={busy || device.subscribed === undefined}
                onCheckedChange={(on) =>
                  on
                    ? enable.mutate(undefined, {
                        onSuccess: () => toast({ title: S.success, description: S.enabled, variant: 'success' }),
                        onError: failedEnable,
                      })
                    : disable.mutate(undefined, {
                        onSuccess: () => toast({ title: S.success, description: S.disabled, variant: 'success' }),
                        onError: (err) => {
                          console.error('Disabling push failed', err);
                          toast({ title: S.error, description: S.disableError, variant: 'destructive' });
                        },
                      })
                }
              />
            </span>
          </div>
        )}
        {config.data.enabled ? (
          <p className="text-sm text-muted-foreground" data-testid="push-devices">
            {S.devices(config.data.devices)}
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
