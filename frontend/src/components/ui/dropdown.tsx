import { DropdownMenu } from 'radix-ui';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.js';

export interface DropdownItem {
  value: string;
  label: ReactNode;
  selected?: boolean;
}

export interface DropdownProps {
  trigger: ReactNode;
  items: DropdownItem[];
  onSelect: (value: string) => void;
  label: string;
}

/** A menu that closes on outside click, Escape or choosing an item (Radix behaviour). */
export function Dropdown({ trigger, items, onSelect, label }: DropdownProps) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          aria-label={label}
          align="end"
          sideOffset={6}
          className="fade-in z-50 min-w-44 rounded-2xl border border-slate-200 bg-white p-1 shadow-xl"
        >
          <DropdownMenu.RadioGroup
            value={items.find((item) => item.selected)?.value ?? ''}
            onValueChange={onSelect}
          >
            {items.map((item) => (
              <DropdownMenu.RadioItem
                key={item.value}
                value={item.value}
                className={cn(
                  'flex min-h-12 cursor-pointer items-center gap-2 rounded-xl px-4 text-base font-semibold outline-none',
                  'data-[highlighted]:bg-brand-50 data-[state=checked]:text-brand-700',
                )}
              >
                {item.label}
                <DropdownMenu.ItemIndicator className="ml-auto" aria-hidden="true">
                  ✓
                </DropdownMenu.ItemIndicator>
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
