import type { ReactNode } from 'react'

/** The shop's customer service, as the help panel names it (e-mail and telephone). */
export const SERVICE_CONTACT = {
  email: 'service@bitwerk.example',
  phone: '030 000 000',
  phoneHref: 'tel:+4930000000',
  hours: 'Mo–Fr 8–18 Uhr',
} as const

/**
 * Where the customer turns for what he may not change himself (account-area §6): an optional
 * sentence, then e-mail and telephone of the customer service.
 */
export function ServiceContact({ children }: { children?: ReactNode }) {
  return (
    <div className="service-contact">
      {children && <p>{children}</p>}
      <p>
        Unser Kundenservice hilft dir gern weiter:
        <br />
        E-Mail: <a href={`mailto:${SERVICE_CONTACT.email}`}>{SERVICE_CONTACT.email}</a>
        <br />
        Telefon: <a href={SERVICE_CONTACT.phoneHref}>{SERVICE_CONTACT.phone}</a> (
        {SERVICE_CONTACT.hours})
      </p>
    </div>
  )
}
