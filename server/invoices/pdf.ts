// The invoice or credit note as a PDF/A-3b (issue 20): A4, DejaVu Sans embedded (PDF/A allows no
// unembedded fonts), every mandatory content of § 14 (4) UStG. Business customers who chose
// ZUGFeRD get this PDF with the CII XML embedded (./einvoice.ts). Deterministic for one
// document: same document, same bytes (creation date = issue date).
import { createRequire } from 'node:module'
import { formatEuro } from '#contract/money.ts'
import { germanDate } from './build.ts'
import type { InvoiceDocument, InvoiceParty } from './document.ts'

const require = createRequire(import.meta.url)
const FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')

const A4: [number, number] = [595.28, 841.89]
const LEFT = 56
const RIGHT = A4[0] - 56
const BOTTOM = A4[1] - 110

/** Title of the document as printed and in file names. */
export function documentTitle(doc: InvoiceDocument): string {
  return doc.kind === 'credit_note' ? 'Rechnungskorrektur' : 'Rechnung'
}

function partyLines(party: InvoiceParty): string[] {
  return [
    party.name,
    ...(party.contactName && party.contactName !== party.name ? [party.contactName] : []),
    party.street,
    `${party.countryCode === 'DE' ? '' : `${party.countryCode}-`}${party.zip} ${party.city}`,
  ]
}

const percent = (value: number) => `${value.toLocaleString('de-DE')} %`

export async function renderInvoicePdf(doc: InvoiceDocument): Promise<Buffer> {
  // pdfkit is loaded on the first document, not at start (issue 23: process memory).
  const { default: PDFDocument } = await import('pdfkit')
  const issued = new Date(`${doc.issueDate}T12:00:00Z`)
  const title = documentTitle(doc)
  const pdf = new PDFDocument({
    size: A4,
    margin: 0,
    pdfVersion: '1.7',
    subset: 'PDF/A-3b',
    lang: 'de-DE',
    displayTitle: true,
    autoFirstPage: false,
    info: {
      Title: `${title} ${doc.number}`,
      Author: doc.seller.name,
      Subject: `${title} ${doc.number} zur Bestellung ${doc.orderNumber}`,
      Creator: 'Bitwerk Shop',
      Producer: 'Bitwerk Shop (pdfkit)',
      CreationDate: issued,
      ModDate: issued,
    },
  })
  pdf.registerFont('regular', FONT)
  pdf.registerFont('bold', FONT_BOLD)
  const chunks: Buffer[] = []
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk))
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)))
    pdf.on('error', reject)
  })

  const seller = doc.seller
  let pageNo = 0
  const footer = () => {
    const y = A4[1] - 78
    pdf
      .moveTo(LEFT, y - 8)
      .lineTo(RIGHT, y - 8)
      .lineWidth(0.5)
      .strokeColor('#999999')
      .stroke()
    pdf.font('regular').fontSize(7).fillColor('#444444')
    const colW = (RIGHT - LEFT) / 3
    pdf.text(
      [
        seller.name,
        seller.street,
        `${seller.zip} ${seller.city}`,
        `${seller.phone}`,
        seller.email,
      ].join('\n'),
      LEFT,
      y,
      { width: colW - 8 },
    )
    pdf.text(
      [
        `Geschäftsführung: ${seller.managingDirectors}`,
        seller.registry,
        `USt-IdNr.: ${seller.vatId}`,
        `Steuernummer: ${seller.taxNumber}`,
      ].join('\n'),
      LEFT + colW,
      y,
      { width: colW - 8 },
    )
    pdf.text(
      [
        seller.bankName,
        `IBAN: ${seller.iban.replace(/(.{4})(?=.)/g, '$1 ')}`,
        `BIC: ${seller.bic}`,
        `Seite ${pageNo}`,
      ].join('\n'),
      LEFT + 2 * colW,
      y,
      { width: colW },
    )
    pdf.fillColor('black')
  }
  const newPage = () => {
    pdf.addPage({ size: A4, margin: 0 })
    pageNo += 1
    footer()
  }

  newPage()
  // Letterhead and the sender line above the address window (DIN 5008).
  pdf.font('bold').fontSize(20).text('Bitwerk', LEFT, 48)
  pdf
    .font('regular')
    .fontSize(7)
    .text(`${seller.name} · ${seller.street} · ${seller.zip} ${seller.city}`, LEFT, 118)
  pdf.fontSize(10).text(partyLines(doc.buyer).join('\n'), LEFT, 132, { width: 250 })

  // Facts block on the right.
  const facts: [string, string][] = [
    [doc.kind === 'credit_note' ? 'Korrekturnummer' : 'Rechnungsnummer', doc.number],
    ['Rechnungsdatum', germanDate(doc.issueDate)],
    ['Lieferdatum', germanDate(doc.deliveryDate)],
    ['Kundennummer', doc.buyer.customerNumber],
    ['Bestellnummer', doc.orderNumber],
    ['Bestelldatum', germanDate(doc.orderDate)],
    ...(doc.deliveryNumber ? [['Lieferung', doc.deliveryNumber] as [string, string]] : []),
    ...(doc.precedingInvoice
      ? [['Zur Rechnung', doc.precedingInvoice.number] as [string, string]]
      : []),
    ...(doc.buyer.vatId ? [['Ihre USt-IdNr.', doc.buyer.vatId] as [string, string]] : []),
    ...(doc.buyer.buyerReference
      ? [['Leitweg-ID', doc.buyer.buyerReference] as [string, string]]
      : []),
  ]
  let fy = 118
  for (const [label, value] of facts) {
    pdf.font('regular').fontSize(8.5).text(label, 340, fy, { width: 95 })
    pdf.font('bold').text(value, 435, fy, { width: RIGHT - 435, align: 'right' })
    fy += 13
  }

  let y = Math.max(fy, 220) + 10
  if (doc.deliverTo) {
    pdf.font('bold').fontSize(8.5).text('Lieferanschrift', LEFT, y)
    pdf
      .font('regular')
      .text(partyLines(doc.deliverTo).join(', '), LEFT + 80, y, { width: RIGHT - LEFT - 80 })
    y += 20
  }
  pdf.font('bold').fontSize(15).text(`${title} ${doc.number}`, LEFT, y)
  y += 30

  // Lines.
  const cols = { pos: LEFT, name: LEFT + 26, qty: 330, unit: 370, vat: 440, total: 480 }
  const header = () => {
    pdf.font('bold').fontSize(8.5)
    pdf.text('Pos.', cols.pos, y)
    pdf.text('Artikel', cols.name, y)
    pdf.text('Menge', cols.qty, y, { width: 36, align: 'right' })
    pdf.text('Einzelpreis', cols.unit, y, { width: 66, align: 'right' })
    pdf.text('MwSt.', cols.vat, y, { width: 36, align: 'right' })
    pdf.text('Gesamt', cols.total, y, { width: RIGHT - cols.total, align: 'right' })
    y += 14
    pdf
      .moveTo(LEFT, y - 3)
      .lineTo(RIGHT, y - 3)
      .lineWidth(0.5)
      .strokeColor('#000000')
      .stroke()
  }
  header()
  for (const line of doc.lines) {
    pdf.font('regular').fontSize(8.5)
    const nameText = line.articleNumber ? `${line.name}\nArt.-Nr. ${line.articleNumber}` : line.name
    const h = pdf.heightOfString(nameText, { width: cols.qty - cols.name - 8 }) + 6
    if (y + h > BOTTOM) {
      newPage()
      y = 60
      header()
      pdf.font('regular').fontSize(8.5)
    }
    pdf.text(String(line.position), cols.pos, y)
    pdf.text(nameText, cols.name, y, { width: cols.qty - cols.name - 8 })
    pdf.text(String(line.quantity), cols.qty, y, { width: 36, align: 'right' })
    pdf.text(formatEuro(line.grossUnitCents), cols.unit, y, { width: 66, align: 'right' })
    pdf.text(percent(line.vatPercent), cols.vat, y, { width: 36, align: 'right' })
    pdf.text(formatEuro(line.grossCents), cols.total, y, {
      width: RIGHT - cols.total,
      align: 'right',
    })
    y += h
  }
  pdf.moveTo(LEFT, y).lineTo(RIGHT, y).lineWidth(0.5).stroke()
  y += 8

  // Totals: gross, the allowance, the net amount and the VAT per rate (§ 14 (4) Nr. 7, 8 UStG).
  const totals: [string, string, boolean][] = []
  const linesGross = doc.lines.reduce((s, l) => s + l.grossCents, 0)
  totals.push(['Summe Positionen (brutto)', formatEuro(linesGross), false])
  for (const allowance of doc.allowances)
    totals.push([allowance.reason, `−${formatEuro(allowance.grossCents)}`, false])
  totals.push([
    doc.kind === 'credit_note' ? 'Korrekturbetrag (Erstattung)' : 'Gesamtbetrag',
    formatEuro(doc.totals.grossCents),
    true,
  ])
  totals.push(['Nettobetrag', formatEuro(doc.totals.netCents), false])
  for (const vat of doc.vatBreakdown)
    totals.push([
      vat.category === 'S'
        ? `Umsatzsteuer ${percent(vat.percent)} auf ${formatEuro(vat.taxableCents)}`
        : `Umsatzsteuer 0 % auf ${formatEuro(vat.taxableCents)}`,
      formatEuro(vat.vatCents),
      false,
    ])
  if (doc.kind === 'invoice' && doc.totals.dueCents > 0)
    totals.push(['Zu zahlen', formatEuro(doc.totals.dueCents), true])
  if (y + totals.length * 14 + 80 > BOTTOM) {
    newPage()
    y = 60
  }
  for (const [label, value, strong] of totals) {
    pdf.font(strong ? 'bold' : 'regular').fontSize(strong ? 10 : 8.5)
    pdf.text(label, 300, y, { width: 170 })
    pdf.text(value, 470, y, { width: RIGHT - 470, align: 'right' })
    y += strong ? 16 : 13
  }
  y += 10
  pdf.font('regular').fontSize(8.5)
  for (const note of [...doc.notes, doc.payment.terms]) {
    pdf.text(note, LEFT, y, { width: RIGHT - LEFT })
    y += pdf.heightOfString(note, { width: RIGHT - LEFT }) + 4
  }
  pdf.text(`Zahlungsart: ${doc.payment.methodName}`, LEFT, y, { width: RIGHT - LEFT })
  pdf.end()
  return done
}
