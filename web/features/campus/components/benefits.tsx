// The benefits block of Campus (account-area §2): on the account page and on /studentenprogramm.
export const CAMPUS_BENEFITS = [
  {
    title: 'Exklusive Campus-Preise',
    text: 'Auf ausgewählte Notebooks, Monitore, Tablets und Zubehör zahlst du weniger als im Shop.',
  },
  {
    title: 'Für alle in Ausbildung',
    text: 'Für Studierende, Schüler/innen, Auszubildende und Lehrkräfte an Schulen und Hochschulen in Deutschland und Österreich ab 16 Jahren.',
  },
  {
    title: 'Schnell freigeschaltet',
    text: 'Mit deiner Hochschul-E-Mail-Adresse sofort nach der Bestätigung, mit Nachweis in der Regel innerhalb von 24 Stunden.',
  },
  {
    title: 'Kostenlos und jederzeit verlängerbar',
    text: 'Die Teilnahme kostet nichts. 14 Tage vor Ablauf kannst du deine Mitgliedschaft verlängern.',
  },
]

export function CampusBenefits({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const Item = headingLevel === 2 ? 'h3' : 'h4'
  return (
    <section className="campus-benefits" aria-labelledby="campus-benefits-title">
      <Heading id="campus-benefits-title" className="campus-benefits__title">
        Deine Vorteile im Campusprogramm
      </Heading>
      <ul className="campus-benefits__list">
        {CAMPUS_BENEFITS.map((benefit) => (
          <li key={benefit.title} className="campus-benefits__item">
            <Item className="campus-benefits__item-title">{benefit.title}</Item>
            <p>{benefit.text}</p>
          </li>
        ))}
      </ul>
    </section>
  )
}
