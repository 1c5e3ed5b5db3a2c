// The printable return label of the shipping simulator: one A6 page (the size of a DHL parcel
// label) with sender, the returns centre, the shop's reference, the tracking number as text and
// as a Code 128 barcode. pdfkit's standard fonts (Helvetica, WinAnsi) carry the German letters.
import type { LabelAddress } from '#server/platform/shipping/port.ts'

/** A6 in points (105 × 148 mm). */
const A6: [number, number] = [297.64, 419.53]
const MARGIN = 18

export type LabelContent = {
  carrier: string
  trackingNumber: string
  reference: string
  sender: LabelAddress
  recipient: LabelAddress
  weightGrams: number
  createdAt: Date
}

function addressLines(address: LabelAddress): string[] {
  return [
    address.company,
    address.name,
    `${address.street} ${address.houseNumber}`.trim(),
    `${address.countryCode}-${address.zipCode} ${address.city}`,
  ].filter((line): line is string => Boolean(line))
}

/** "00340434…" in groups of four, as carriers print it. */
function grouped(trackingNumber: string): string {
  return trackingNumber.replace(/(.{4})(?=.)/g, '$1 ')
}

const berlinDate = new Intl.DateTimeFormat('de-DE', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: 'Europe/Berlin',
})

export async function renderLabelPdf(content: LabelContent): Promise<Buffer> {
  // Loaded on the first label, not at start (issue 23: process memory).
  const [{ toBuffer: barcodePng }, { default: PDFDocument }] = await Promise.all([
    import('bwip-js/node'),
    import('pdfkit'),
  ])
  const barcode = await barcodePng({
    bcid: 'code128',
    text: content.trackingNumber,
    scale: 2,
    height: 14,
    includetext: false,
  })
  const doc = new PDFDocument({
    size: A6,
    margin: MARGIN,
    info: {
      Title: `Retourenschein ${content.reference}`,
      Author: 'Bitwerk Versand-Simulator',
      Subject: `${content.carrier} Retoure ${content.trackingNumber}`,
      CreationDate: content.createdAt,
    },
  })
  const chunks: Buffer[] = []
  doc.on('data', (chunk: Buffer) => chunks.push(chunk))
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
  })
  const width = A6[0] - 2 * MARGIN

  doc.rect(MARGIN, MARGIN, width, 30).fill('#ffcc00')
  doc
    .fillColor('#d40511')
    .font('Helvetica-Bold')
    .fontSize(20)
    .text(content.carrier, MARGIN + 8, MARGIN + 6)
  doc
    .fillColor('#000000')
    .fontSize(11)
    .text('RETOURE · frankiert', MARGIN, MARGIN + 10, { width: width - 8, align: 'right' })

  let y = MARGIN + 40
  doc.font('Helvetica-Bold').fontSize(7).text('Absender', MARGIN, y)
  doc
    .font('Helvetica')
    .fontSize(9)
    .text(addressLines(content.sender).join('\n'), MARGIN, y + 9)
  y += 68
  doc
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + width, y)
    .lineWidth(0.5)
    .stroke()
  y += 6
  doc.font('Helvetica-Bold').fontSize(7).text('Empfänger', MARGIN, y)
  doc
    .font('Helvetica-Bold')
    .fontSize(12)
    .text(addressLines(content.recipient).join('\n'), MARGIN, y + 9)
  y += 78
  doc
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + width, y)
    .stroke()
  y += 6
  doc
    .font('Helvetica')
    .fontSize(8)
    .text(`Referenz: ${content.reference}`, MARGIN, y)
    .text(
      `Gewicht: ${(content.weightGrams / 1000).toLocaleString('de-DE')} kg · ${berlinDate.format(content.createdAt)}`,
      MARGIN,
      y + 11,
    )
  y += 28
  doc.image(barcode, MARGIN, y, { fit: [width, 60], align: 'center' })
  y += 64
  doc
    .font('Helvetica-Bold')
    .fontSize(11)
    .text(`Sendungsnummer: ${grouped(content.trackingNumber)}`, MARGIN, y, {
      width,
      align: 'center',
    })
  doc
    .font('Helvetica')
    .fontSize(6.5)
    .text(
      'Muster aus dem Versand-Simulator des Demo-Shops: kein gültiges Versandetikett. Bitte den Retourenschein ausdrucken und gut sichtbar auf das Paket kleben.',
      MARGIN,
      A6[1] - MARGIN - 18,
      { width, align: 'center' },
    )
  doc.end()
  return done
}
