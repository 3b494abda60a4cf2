import { Tabs as TabsPrimitive } from 'radix-ui';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.js';

export interface TabDefinition {
  value: string;
  label: ReactNode;
  content: ReactNode;
}

export interface TabsProps {
  tabs: TabDefinition[];
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  label: string;
  className?: string;
}

/** Arrow keys move between tabs; each panel is labelled by its tab. */
export function Tabs({ tabs, value, defaultValue, onValueChange, label, className }: TabsProps) {
  return (
    <TabsPrimitive.Root
      value={value}
      defaultValue={defaultValue ?? tabs[0]?.value}
      onValueChange={onValueChange}
      className={className}
    >
      <TabsPrimitive.List aria-label={label} className="flex flex-wrap gap-2 rounded-3xl bg-slate-100 p-1.5">
        {tabs.map((tab) => (
          <TabsPrimitive.Trigger
            key={tab.value}
            value={tab.value}
            className={cn(
              'min-h-12 flex-1 rounded-2xl px-4 text-base font-bold text-slate-700',
              'data-[state=active]:bg-white data-[state=active]:text-brand-700 data-[state=active]:shadow',
            )}
          >
            {tab.label}
          </TabsPrimitive.Trigger>
        ))}
      </TabsPrimitive.List>
      {tabs.map((tab) => (
        <TabsPrimitive.Content key={tab.value} value={tab.value} className="mt-4 focus:outline-none">
          {tab.content}
        </TabsPrimitive.Content>
      ))}
    </TabsPrimitive.Root>
  );
}
