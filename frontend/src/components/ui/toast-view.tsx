import { useAtom } from 'jotai';
import { Toast as ToastPrimitive } from 'radix-ui';
import { cn } from '../../lib/cn.js';
import { CheckIcon, InfoIcon, WarningIcon } from '../icons.js';
import { type ToastVariant, toastAtom } from './toast.js';

const VARIANT_CLASSES: Record<ToastVariant, string> = {
  default: 'border-slate-300 bg-white text-slate-900',
  success: 'border-emerald-600 bg-emerald-50 text-emerald-950',
  destructive: 'border-red-700 bg-red-50 text-red-950',
};

const VARIANT_ICONS: Record<ToastVariant, typeof InfoIcon> = {
  default: InfoIcon,
  success: CheckIcon,
  destructive: WarningIcon,
};

/** Mounted once in the root layout. Radix defaults kept: 5 s, swipe threshold 50, hotkey F8. */
export default function ToastView({ closeLabel }: { closeLabel: string }) {
  const [current, setCurrent] = useAtom(toastAtom);
  return (
    <ToastPrimitive.Provider duration={5000} swipeDirection="right" swipeThreshold={50}>
      {current && (
        <ToastPrimitive.Root
          key={current.id}
          type={current.variant === 'destructive' ? 'foreground' : 'background'}
          onOpenChange={(open) => {
            if (!open) setCurrent(null);
          }}
          className={cn(
            'toast-root pointer-events-auto flex w-full items-start gap-3 rounded-2xl border-2 p-4 shadow-lg',
            VARIANT_CLASSES[current.variant],
          )}
          data-testid="toast"
          data-variant={current.variant}
        >
          {(() => {
            const Icon = VARIANT_ICONS[current.variant];
            return <Icon className="mt-0.5 size-7 shrink-0" />;
          })()}
          <div className="flex-1">
            <ToastPrimitive.Title className="text-lg font-bold">{current.title}</ToastPrimitive.Title>
            {current.description && (
              <ToastPrimitive.Description className="mt-1 text-base">
                {current.description}
              </ToastPrimitive.Description>
            )}
          </div>
          <ToastPrimitive.Close
            aria-label={closeLabel}
            className="-m-2 flex size-12 items-center justify-center rounded-full text-2xl hover:bg-black/5"
          >
            <span aria-hidden="true">×</span>
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      )}
      <ToastPrimitive.Viewport className="fixed top-0 right-0 z-[100] flex w-full max-w-md flex-col p-4 outline-none" />
    </ToastPrimitive.Provider>
  );
}
