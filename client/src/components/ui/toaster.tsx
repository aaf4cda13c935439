import { TOAST } from '@shared/constants';
import { useT } from '@client/i18n';
import {
  Toast,
  ToastClose,
  ToastDescription,
  ToastProvider,
  ToastTitle,
  ToastViewport,
} from './toast';
import { useToast } from './use-toast';

const HOTKEY = [...TOAST.hotkey];

/** Mount once at the app root. Renders the toasts created with toast(). */
export function Toaster() {
  const { toasts, dismiss } = useToast();
  const t = useT();
  return (
    <ToastProvider
      duration={TOAST.durationMs}
      swipeThreshold={TOAST.swipeThreshold}
      label={t('shell.notifications')}
    >
      {toasts.map(({ id, title, description, action, variant, duration, open }) => (
        <Toast
          key={id}
          open={open}
          variant={variant}
          duration={duration}
          onOpenChange={(next) => {
            if (!next) dismiss(id);
          }}
        >
          <div className="grid gap-1">
            {title ? <ToastTitle>{title}</ToastTitle> : null}
            {description ? <ToastDescription>{description}</ToastDescription> : null}
          </div>
          {action}
          <ToastClose />
        </Toast>
      ))}
      <ToastViewport hotkey={HOTKEY} label={t('toast.region')} />
    </ToastProvider>
  );
}
