import { useTranslation } from 'react-i18next';
import {
  Toast,
  ToastBody,
  ToastClose,
  ToastDescription,
  ToastProvider,
  ToastTitle,
  ToastViewport,
} from './toast';
import { TOAST_DURATION, TOAST_SWIPE_THRESHOLD, dismissToast, useToast } from './use-toast';

export function Toaster() {
  const { t } = useTranslation();
  const { toasts } = useToast();
  return (
    <ToastProvider
      label={t('toast.region')}
      duration={TOAST_DURATION}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD}
    >
      {toasts.map((item) => (
        <Toast
          key={item.id}
          variant={item.variant}
          duration={item.duration}
          open={item.open}
          onOpenChange={(open) => {
            if (!open) dismissToast(item.id);
          }}
        >
          <ToastBody>
            {item.title && <ToastTitle>{item.title}</ToastTitle>}
            {item.description && <ToastDescription>{item.description}</ToastDescription>}
          </ToastBody>
          <ToastClose />
        </Toast>
      ))}
      <ToastViewport label={t('toast.viewport')} />
    </ToastProvider>
  );
}
