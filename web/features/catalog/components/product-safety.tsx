import type { ProductDetail, SafetyContact } from '#contract/catalog.ts'
import { Link } from '#web/components/ui/link.tsx'
import { paths } from '#web/lib/paths.ts'

function Contact({ contact }: { contact: SafetyContact }) {
  const { electronicAddress: web } = contact
  const mail = web.startsWith('mailto:')
  return (
    <address className="product-safety__contact">
      {contact.name}
      <br />
      {contact.street}
      <br />
      {contact.zipCode} {contact.city}, {contact.country}
      <br />
      <a href={web} rel="noopener">
        {mail ? web.slice('mailto:'.length) : web}
      </a>
    </address>
  )
}

/**
 * "Produktsicherheit" (GPSR (EU) 2023/988 Art. 19): manufacturer, EU responsible person,
 * identifiers and warnings; and the take-back and battery notes with their link.
 */
export function ProductSafety({ product }: { product: ProductDetail }) {
  const { safety, disposal } = product
  return (
    <section
      className="product-details__section product-safety"
      aria-labelledby="product-safety-title"
    >
      <h2 id="product-safety-title">Produktsicherheit</h2>
      {safety ? (
        <div className="product-safety__grid">
          <div>
            <h3>Hersteller</h3>
            <Contact contact={safety.manufacturer} />
          </div>
          {safety.responsiblePerson && (
            <div>
              <h3>Verantwortliche Person in der EU</h3>
              <Contact contact={safety.responsiblePerson} />
            </div>
          )}
          <div>
            <h3>Produktkennung</h3>
            <p>
              {safety.modelNumber && (
                <>
                  Typ/Modell: {safety.modelNumber}
                  <br />
                </>
              )}
              Art.-Nr. {product.articleNumber}
              <br />
              EAN {product.ean}
            </p>
          </div>
        </div>
      ) : (
        <p>Die Herstellerangaben zu diesem Artikel werden gerade ergänzt.</p>
      )}
      {safety && safety.warnings.length > 0 && (
        <>
          <h3>Warn- und Sicherheitshinweise</h3>
          <ul className="product-safety__warnings">
            {safety.warnings.map((warning) => (
              <li key={warning}>{warning}</li>
            ))}
          </ul>
          <p>
            Beachte außerdem die Bedienungsanleitung und die Sicherheitshinweise des Herstellers.
          </p>
        </>
      )}
      <h3>Entsorgung</h3>
      <p>
        Elektrogeräte gehören nicht in den Hausmüll (durchgestrichene Mülltonne).
        {disposal.largeAppliance &&
          ' Bei der Lieferung nehmen wir dein gleichwertiges Altgerät auf Wunsch kostenlos mit; die Frage dazu stellen wir dir in der Kasse.'}
        {disposal.containsBattery &&
          ' Dieses Gerät enthält eine Batterie oder einen Akku: Altbatterien kannst du uns kostenlos zurückgeben.'}{' '}
        <Link to={paths.disposal}>Hinweise zu Altgeräten und Batterien</Link>
      </p>
    </section>
  )
}
