// /altgeraete-und-batterien: the take-back and disposal notes the electrical equipment law and
// the battery law ask of a distributor in its online shop (ElektroG § 18 (4) with § 17, battery
// notes per Regulation (EU) 2023/1542 Art. 74 (4) and the BattDG). Static text rendered on the
// server; linked from every page's footer and from every product's "Produktsicherheit" section
// (docs/decisions.md "Product safety and take-back").

import { paths } from '#web/lib/paths.ts'
import { PageMeta } from '#web/lib/site.tsx'

const TITLE = 'Altgeräte und Batterien zurückgeben'

export function DisposalPage() {
  return (
    <article className="container info-page">
      <PageMeta
        title={TITLE}
        description="Kostenlose Rücknahme von Elektro-Altgeräten und Altbatterien bei Bitwerk: Abholung bei Lieferung, Rücksendung kleiner Geräte, Bedeutung der Symbole."
        canonicalPath={paths.disposal}
      />
      <h1>{TITLE}</h1>
      <p className="info-page__placeholder" role="note">
        Muster für den Demo-Shop: Rücknahmewege und Adressen prüft der Betreiber vor dem Start.
      </p>

      <h2>Elektro-Altgeräte gehören nicht in den Hausmüll</h2>
      <p>
        Als Besitzer eines Elektro- oder Elektronik-Altgeräts bist du verpflichtet, es getrennt vom
        unsortierten Siedlungsabfall (Restmüll) zu entsorgen. Altbatterien und Altakkus, die nicht
        vom Altgerät umschlossen sind, sowie Lampen, die sich zerstörungsfrei entnehmen lassen,
        nimmst du vor der Abgabe heraus und gibst sie getrennt zurück.
      </p>
      <p>
        Das Symbol der <strong>durchgestrichenen Mülltonne auf Rädern</strong> auf einem Gerät
        bedeutet: Das Gerät darf am Ende seiner Lebensdauer nicht in den Hausmüll. Ein schwarzer
        Balken unter der Tonne zeigt, dass es nach dem 13. August 2005 in Verkehr gebracht wurde.
      </p>

      <h2>So nehmen wir dein Altgerät kostenlos zurück</h2>
      <ul>
        <li>
          <strong>Abholung bei der Lieferung (1:1):</strong> Kaufst du bei uns ein Großgerät, einen
          Bildschirm oder ein Gerät mit einem Bildschirm über 100 cm² (z. B. Fernseher, Monitor,
          Notebook, Tablet, PC-Tower), fragen wir dich in der Kasse, ob wir ein Altgerät der
          gleichen Geräteart bei der Lieferung mitnehmen sollen. Die Abholung ist für dich
          kostenlos. Bitte halte das Altgerät bei der Lieferung transportbereit.
        </li>
        <li>
          <strong>Rücksendung (1:1 und 0:1):</strong> Alle übrigen Altgeräte der gleichen Art wie
          ein bei uns gekauftes Gerät sowie bis zu drei Altgeräte je Geräteart, die in keiner
          äußeren Abmessung größer als 25 cm sind, kannst du uns auch ohne Neukauf kostenlos
          zurückgeben: Schreib unserem Kundenservice, du bekommst ein kostenloses Versandetikett.
        </li>
        <li>
          <strong>Kommunale Sammelstellen:</strong> Außerdem nehmen die Wertstoff- und Recyclinghöfe
          deiner Stadt oder Gemeinde Altgeräte kostenlos an.
        </li>
      </ul>

      <h2>Persönliche Daten auf dem Altgerät</h2>
      <p>
        Für das Löschen personenbezogener Daten auf dem Altgerät (z. B. Fotos, Kontakte,
        Zugangsdaten auf Notebooks, PCs, Smartphones oder Festplatten) bist du selbst
        verantwortlich. Lösche sie bitte vor der Rückgabe, z. B. durch Zurücksetzen auf
        Werkseinstellungen und sicheres Löschen der Datenträger.
      </p>

      <h2>Batterien und Akkus</h2>
      <p>
        Altbatterien und Altakkus gehören nicht in den Hausmüll; du bist gesetzlich verpflichtet,
        sie zurückzugeben. Du kannst sie bei uns unentgeltlich zurückgeben (Rücksendung mit
        kostenlosem Versandetikett über unseren Kundenservice, bei Lithium-Batterien mit abgeklebten
        Polen) oder bei kommunalen Sammelstellen und überall dort, wo Batterien verkauft werden. Das
        gilt auch für Batterien und Akkus, die in Geräten eingebaut sind: Gib das Gerät dann als
        Ganzes zurück.
      </p>
      <p>
        Die <strong>durchgestrichene Mülltonne</strong> auf einer Batterie bedeutet, dass sie nicht
        in den Hausmüll darf. Die chemischen Zeichen darunter nennen Schadstoffe über dem Grenzwert:
      </p>
      <ul>
        <li>
          <strong>Pb</strong>: Blei (mehr als 0,004 Gewichtsprozent)
        </li>
        <li>
          <strong>Cd</strong>: Cadmium (mehr als 0,002 Gewichtsprozent)
        </li>
        <li>
          <strong>Hg</strong>: Quecksilber (mehr als 0,0005 Gewichtsprozent)
        </li>
      </ul>
      <p>
        Batterien können Stoffe enthalten, die Umwelt und Gesundheit schaden. Lithium-Batterien
        können bei Beschädigung, Kurzschluss oder Hitze in Brand geraten: nicht beschädigen, Pole
        abkleben und nicht lose mit anderem Abfall sammeln. Getrennte Sammlung und Verwertung
        gewinnen Rohstoffe wie Kobalt, Nickel und Lithium zurück.
      </p>
    </article>
  )
}
