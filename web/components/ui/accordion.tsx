import { type ReactNode, useId, useState } from 'react'

export type AccordionItem = { id: string; title: ReactNode; content: ReactNode }

type AccordionProps = {
  items: AccordionItem[]
  /** Opening one closes the others (default); `multiple` keeps each item on its own. */
  mode?: 'single' | 'multiple'
  defaultOpen?: string[]
  className?: string
}

/** Sections behind buttons; the buttons toggle with Enter and Space. */
export function Accordion({ items, mode = 'single', defaultOpen = [], className }: AccordionProps) {
  const baseId = useId()
  const [open, setOpen] = useState<string[]>(
    mode === 'single' ? defaultOpen.slice(0, 1) : defaultOpen,
  )
  const toggle = (id: string) =>
    setOpen((current) => {
      if (current.includes(id)) return current.filter((item) => item !== id)
      return mode === 'single' ? [id] : [...current, id]
    })
  return (
    <div className={['accordion', className].filter(Boolean).join(' ')}>
      {items.map((item) => {
        const isOpen = open.includes(item.id)
        const panelId = `${baseId}-${item.id}`
        return (
          <div key={item.id} className={`accordion__item${isOpen ? ' accordion__item--open' : ''}`}>
            <h3 className="accordion__heading">
              <button
                type="button"
                className="accordion__toggle"
                aria-expanded={isOpen}
                aria-controls={panelId}
                onClick={() => toggle(item.id)}
              >
                {item.title}
                <span className="accordion__icon" aria-hidden="true" />
              </button>
            </h3>
            <section
              id={panelId}
              className="accordion__panel"
              hidden={!isOpen}
              aria-label={typeof item.title === 'string' ? item.title : undefined}
            >
              {item.content}
            </section>
          </div>
        )
      })}
    </div>
  )
}
