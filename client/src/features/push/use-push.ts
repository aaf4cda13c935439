import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@client/api/query-keys';
import { api } from '@client/api/http';
import { pushState, type PushState } from '@shared/schemas/push';
import { currentSubscription, pushSupported } from './push-device';
import { disablePush, enablePush, notificationPermission, resyncPush } from './push-worker';

/** Under the media key: a release received (a notification carrying its delivery, or inbox:new) refreshes it too. */
const PUSH_KEY = [...queryKeys.media, 'push'] as const;

export function usePushConfig() {
  return useQuery({ queryKey: PUSH_KEY, queryFn: ({ signal }) => api('GET', '/push/config', { schema: pushState, signal }) });
}

export interface PushDevice {
  supported: boolean;
  permission: NotificationPermission;
  /** This browser receives pushes (undefined while it is being checked). */
  subscribed: boolean | undefined;
}

/**
 * This browser's push state, the server's config, and the opt-in/out. A browser that is still
 * subscribed is stored again once (renewed keys, or a subscription the server dropped).
 */
export function usePush() {
  const qc = useQueryClient();
  const config = usePushConfig();
  const [device, setDevice] = useState<PushDevice>(() => ({ supported: pushSupported(), permission: notificationPermission(), subscribed: undefined }));
  useEffect(() => {
    let live = true;
    void (async () => {
      const sub = await currentSubscription().catch(() => null);
      if (!live) return;
      setDevice((d) => ({ ...d, subscribed: Boolean(sub) }));
      if (sub) {
        const state = await resyncPush().catch(() => null);
        if (live && state) qc.setQueryData(PUSH_KEY, state);
      }
    })();
    return () => {
      live = false;
    };
  }, [qc]);
  const settle = (state: PushState | null, subscribed: boolean) => {
    if (state) qc.setQueryData(PUSH_KEY, state);
    setDevice({ supported: pushSupported(), permission: notificationPermission(), subscribed });
  };
  const enable = useMutation({
    mutationFn: () => enablePush(config.data?.publicKey ?? ''),
    onSuccess: (state) => settle(state, true),
    onError: () => setDevice((d) => ({ ...d, permission: notificationPermission() })),
  });
  const disable = useMutation({ mutationFn: disablePush, onSuccess: (state) => settle(state, false) });
  return { config, device, enable, disable };
}
