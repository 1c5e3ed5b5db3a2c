import * as RadixAccordion from '@radix-ui/react-accordion'
import { type ReactNode, useState } from 'react'

export type AccordionItem = { id: string; title: ReactNode; content: ReactNode }

type AccordionProps = {
  items: AccordionItem[]
  /**
   * `single` (default): opening one closes the others (the spec's rule). Several items may still
   * start open through `defaultOpen` (the filter panel's category and price); the rule applies
   * from the first click on. `multiple` keeps each item on its own.
   */
  mode?: 'single' | 'multiple'
  defaultOpen?: string[]
  className?: string
}

/**
 * Sections behind buttons, on Radix Accordion: buttons toggle with Enter and Space, arrow keys,
 * Home and End move between them; a closed section's content is not rendered.
 */
export function Accordion({ items, mode = 'single', defaultOpen = [], className }: AccordionProps) {
  const [open, setOpen] = useState<string[]>(defaultOpen)
  return (
    <RadixAccordion.Root
      type="multiple"
      value={open}
      onValueChange={(next) => {
        const opened = next.find((id) => !open.includes(id))
        setOpen(mode === 'single' && opened ? [opened] : next)
      }}
      className={['accordion', className].filter(Boolean).join(' ')}
    >
      {items.map((item) => (
        <RadixAccordion.Item
          key={item.id}
          value={item.id}
          className={`accordion__item${open.includes(item.id) ? ' accordion__item--open' : ''}`}
        >
          <RadixAccordion.Header className="accordion__heading">
            <RadixAccordion.Trigger className="accordion__toggle">
              {item.title}
              <span className="accordion__icon" aria-hidden="true" />
            </RadixAccordion.Trigger>
          </RadixAccordion.Header>
          <RadixAccordion.Content className="accordion__panel">
            {item.content}
          </RadixAccordion.Content>
        </RadixAccordion.Item>
      ))}
    </RadixAccordion.Root>
  )
}
