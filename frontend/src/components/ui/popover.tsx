import { Popover as PopoverPrimitive } from 'radix-ui';
import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';
import { cn } from '../../lib/cn.js';

export interface PopoverProps {
  trigger: ReactNode;
  /** Shown as the popover's heading and its accessible name. */
  title: ReactNode;
  closeLabel: string;
  children: ReactNode;
  className?: string;
  align?: 'start' | 'center' | 'end';
}

/**
 * A non-modal popover: it sits right after its trigger in the DOM (no portal), so Tab and Shift+Tab move on
 * through the page as usual; Escape or the close button close it and focus returns to the trigger.
 * `trigger` must be a single focusable element (it is rendered with `asChild`).
 */
export function Popover({ trigger, title, closeLabel, children, className, align = 'center' }: PopoverProps) {
  const titleId = useId();
  const triggerRef = useRef<HTMLButtonElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  return (
    <PopoverPrimitive.Root>
      <PopoverPrimitive.Trigger asChild ref={triggerRef}>
        {trigger}
      </PopoverPrimitive.Trigger>
      <PopoverPrimitive.Content
        align={align}
        sideOffset={8}
        collisionPadding={12}
        aria-labelledby={titleId}
        ref={contentRef}
        onKeyDownCapture={letTabLeave}
        onCloseAutoFocus={(event) => {
          // Radix skips the trigger once focus has been outside (e.g. Shift+Tab to "?" and back); closing from
          // inside must still land on "?", while a Tab that already moved on keeps focus where it went.
          event.preventDefault();
          const focused = document.activeElement;
          if (!focused || focused === document.body || contentRef.current?.contains(focused))
            triggerRef.current?.focus();
        }}
        className={cn(
          'fade-in z-50 w-[min(24rem,calc(100vw-1.5rem))] rounded-3xl border border-slate-200 bg-white p-5',
          'text-base text-slate-800 shadow-xl focus:outline-none',
          className,
        )}
      >
        <div className="flex items-start justify-between gap-3">
          <h2 id={titleId} className="pt-2 text-xl font-extrabold">
            {title}
          </h2>
          <PopoverPrimitive.Close
            aria-label={closeLabel}
            className="-m-1 flex size-12 shrink-0 items-center justify-center rounded-full text-3xl text-slate-700 hover:bg-slate-100"
            data-testid="popover-close"
          >
            <span aria-hidden="true">×</span>
          </PopoverPrimitive.Close>
        </div>
        {children}
        <PopoverPrimitive.Arrow className="fill-white" />
      </PopoverPrimitive.Content>
    </PopoverPrimitive.Root>
  );
}

/**
 * Radix's focus scope wraps Tab from the last element back to the first (and Shift+Tab the other way), which
 * traps the keyboard in a popover that is not modal; stopping Tab here leaves it to the browser.
 */
function letTabLeave(event: KeyboardEvent) {
  if (event.key === 'Tab' && !event.altKey && !event.ctrlKey && !event.metaKey) event.stopPropagation();
}
