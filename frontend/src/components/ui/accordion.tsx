import { Accordion as AccordionPrimitive } from 'radix-ui';
import type { ReactNode } from 'react';

export interface AccordionEntry {
  value: string;
  question: ReactNode;
  answer: ReactNode;
}

/** Single-open collapsible list (opening one closes the other). */
export function Accordion({ items, headingLevel = 3 }: { items: AccordionEntry[]; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <AccordionPrimitive.Root type="single" collapsible className="flex flex-col gap-3">
      {items.map((item) => (
        <AccordionPrimitive.Item
          key={item.value}
          value={item.value}
          className="overflow-hidden rounded-3xl border border-slate-200 bg-white shadow-sm"
        >
          <AccordionPrimitive.Header asChild>
            <Heading>
              <AccordionPrimitive.Trigger className="group flex min-h-14 w-full items-center justify-between gap-4 px-5 py-3 text-left text-lg font-bold text-slate-900 hover:bg-slate-50">
                {item.question}
                <span
                  aria-hidden="true"
                  className="text-2xl text-brand-700 transition-transform duration-200 group-data-[state=open]:rotate-45"
                >
                  +
                </span>
              </AccordionPrimitive.Trigger>
            </Heading>
          </AccordionPrimitive.Header>
          <AccordionPrimitive.Content className="px-5 pb-5 text-lg leading-relaxed text-slate-700">
            {item.answer}
          </AccordionPrimitive.Content>
        </AccordionPrimitive.Item>
      ))}
    </AccordionPrimitive.Root>
  );
}
