// E-invoices (issue 20): every sample document as Factur-X EN 16931 CII, XRechnung 3.0 CII and
// Factur-X PDF/A-3, validated with the official CEN EN 16931 rules (Saxon-JS) and the Factur-X
// EN 16931 XSD (libxml2/xmllint-wasm). Figures are printed for docs/notes/einvoice.md.

import { readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Schema } from 'node-schematron'
import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFRawStream,
  PDFStream,
  PDFString,
} from 'pdf-lib'
import PDFKit from 'pdfkit'
import { afterAll, describe, expect, it } from 'vitest'
import {
  CEN_CII_SCHEMATRON,
  type ValidationMessage,
  validateCii,
  validateCiiSchema,
  validateXRechnungCii,
} from '#tests/support/einvoice-validator.ts'
import type { InvoiceDocument } from './document.ts'
import { ciiXml, FACTUR_X_FILENAME, facturXPdf, formatCents, xrechnungXml } from './einvoice.ts'
import {
  assertDocumentSums,
  couponInvoice,
  creditNote,
  intraCommunityInvoice,
  publicBuyerInvoice,
  reverseChargeInvoice,
  TEST_DOCUMENTS,
} from './test-documents.ts'

const figures = { documents: 0, xrechnung: 0, errors: 0, warnings: [] as string[], schemaErrors: 0 }

function record(
  name: string,
  result: { errors: ValidationMessage[]; warnings: ValidationMessage[] },
) {
  figures.documents += 1
  figures.errors += result.errors.length
  figures.warnings.push(...result.warnings.map((w) => `${name}: ${w.id} ${w.text}`))
}

function describeErrors(errors: ValidationMessage[]): string[] {
  return errors.map((e) => `${e.id}: ${e.text}`)
}

afterAll(() => {
  console.info(
    `e-invoice validation: ${figures.documents} documents validated against the CEN EN 16931 CII ` +
      `rules (${figures.xrechnung} of them also against the KoSIT XRechnung 3.0 rules), ${figures.errors} errors, ${figures.warnings.length} warnings` +
      `${figures.warnings.length ? ` (${figures.warnings.join('; ')})` : ''}, ` +
      `${figures.schemaErrors} XSD errors`,
  )
})

// An embedded TrueType font, so the visual PDF has no unembedded standard-14 font (PDF/A).
const FONT = resolve(
  dirname(fileURLToPath(import.meta.url)),
  '../../node_modules/bwip-js/fonts/OCRB7.ttf',
)

/** A simple visual invoice as the main session's pdfkit renderer would make it. */
function visualPdf(doc: InvoiceDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const pdf = new PDFKit({ size: 'A4', margin: 50, info: { Title: doc.number } })
    const chunks: Buffer[] = []
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk))
    pdf.on('end', () => resolve(Buffer.concat(chunks)))
    pdf.on('error', reject)
    pdf.registerFont('body', FONT)
    pdf.font('body').fontSize(14).text(`${doc.seller.name} - Rechnung ${doc.number}`)
    pdf.fontSize(10)
    for (const line of doc.lines) {
      pdf.text(
        `${line.position} ${line.quantity} x ${line.name}  ${formatCents(line.grossCents)} EUR`,
      )
    }
    pdf.text(`Gesamt ${formatCents(doc.totals.grossCents)} EUR`)
    pdf.end()
  })
}

function embeddedFiles(pdfDoc: PDFDocument): Map<string, PDFDict> {
  const names = pdfDoc.catalog.lookup(PDFName.of('Names'), PDFDict)
  const list = names
    .lookup(PDFName.of('EmbeddedFiles'), PDFDict)
    .lookup(PDFName.of('Names'), PDFArray)
  const files = new Map<string, PDFDict>()
  for (let i = 0; i + 1 < list.size(); i += 2) {
    files.set(list.lookup(i, PDFString, PDFHexString).decodeText(), list.lookup(i + 1, PDFDict))
  }
  return files
}

function streamText(stream: PDFStream): string {
  const bytes =
    stream instanceof PDFRawStream ? decodePDFRawStream(stream).decode() : stream.getContents()
  return new TextDecoder().decode(bytes)
}

describe('CII e-invoices of the sample documents', () => {
  for (const [name, doc] of Object.entries(TEST_DOCUMENTS)) {
    it(`${name}: sums obey the document rules`, () => {
      expect(() => assertDocumentSums(doc)).not.toThrow()
    })

    for (const profile of ['en16931', 'xrechnung'] as const) {
      it(`${name} as ${profile} CII passes the CEN EN 16931${profile === 'xrechnung' ? ' and KoSIT XRechnung' : ''} rules and the XSD`, async () => {
        const xml = await ciiXml(doc, profile)
        const result =
          profile === 'xrechnung' ? await validateXRechnungCii(xml) : await validateCii(xml)
        record(`${name}/${profile}`, result)
        if (profile === 'xrechnung') figures.xrechnung += 1
        expect(describeErrors(result.errors)).toEqual([])
        const schemaErrors = await validateCiiSchema(xml)
        figures.schemaErrors += schemaErrors.length
        expect(schemaErrors).toEqual([])
      })
    }
  }

  it('writes the specification identifiers of Factur-X EN 16931 and XRechnung 3.0', async () => {
    expect(await ciiXml(couponInvoice, 'en16931')).toContain(
      '<ram:ID>urn:cen.eu:en16931:2017</ram:ID>',
    )
    expect(await xrechnungXml(couponInvoice)).toContain(
      '<ram:ID>urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0</ram:ID>',
    )
  })

  it('uses the Leitweg-ID as buyer reference, else the order number', async () => {
    expect(await xrechnungXml(publicBuyerInvoice)).toContain(
      '<ram:BuyerReference>05315-12345-67</ram:BuyerReference>',
    )
    expect(await xrechnungXml(couponInvoice)).toContain(
      '<ram:BuyerReference>100045</ram:BuyerReference>',
    )
  })

  it('carries the XRechnung seller contact, electronic addresses and the IBAN', async () => {
    const xml = await xrechnungXml(publicBuyerInvoice)
    expect(xml).toContain('<ram:CompleteNumber>+49 30 1234567</ram:CompleteNumber>')
    expect(xml).toContain('<ram:URIID schemeID="EM">rechnung@bitwerk.example</ram:URIID>')
    expect(xml).toContain('<ram:URIID schemeID="EM">beschaffung@musterstadt.example</ram:URIID>')
    expect(xml).toContain('<ram:IBANID>DE89370400440532013000</ram:IBANID>')
  })

  it('marks intra-community supplies with category K, 0 % and the VATEX reason', async () => {
    const xml = await ciiXml(intraCommunityInvoice, 'en16931')
    expect(xml).toContain('<ram:CategoryCode>K</ram:CategoryCode>')
    expect(xml).toContain('<ram:ExemptionReasonCode>VATEX-EU-IC</ram:ExemptionReasonCode>')
    expect(xml).toContain('<ram:ID schemeID="VA">ATU12345678</ram:ID>')
  })

  it('marks reverse charge with category AE, 0 % and the VATEX reason', async () => {
    const xml = await ciiXml(reverseChargeInvoice, 'en16931')
    expect(xml).toContain('<ram:CategoryCode>AE</ram:CategoryCode>')
    expect(xml).toContain('<ram:ExemptionReasonCode>VATEX-EU-AE</ram:ExemptionReasonCode>')
    expect(xml).toContain('<ram:CalculatedAmount>0.00</ram:CalculatedAmount>')
  })

  it('writes a credit note as type 381 with the preceding invoice (BG-3)', async () => {
    const xml = await ciiXml(creditNote, 'en16931')
    expect(xml).toContain('<ram:TypeCode>381</ram:TypeCode>')
    expect(xml).toMatch(
      /<ram:InvoiceReferencedDocument>\s*<ram:IssuerAssignedID>RE-2026-000001<\/ram:IssuerAssignedID>/,
    )
  })

  it('keeps cents exact: amounts come from integer cents', () => {
    expect(formatCents(0)).toBe('0.00')
    expect(formatCents(5)).toBe('0.05')
    expect(formatCents(99_900)).toBe('999.00')
    expect(formatCents(-1_234)).toBe('-12.34')
    expect(() => formatCents(1.5)).toThrow()
  })
})

describe('the validator catches broken documents', () => {
  it('reports totals off by one cent (BR-CO-15)', async () => {
    const broken: InvoiceDocument = {
      ...couponInvoice,
      totals: { ...couponInvoice.totals, grossCents: couponInvoice.totals.grossCents + 1 },
    }
    const result = await validateCii(await ciiXml(broken, 'en16931'))
    expect(result.errors.map((e) => e.id)).toContain('BR-CO-15')
  })

  it('reports an intra-community supply without the buyer VAT id (BR-IC-02)', async () => {
    const broken: InvoiceDocument = {
      ...intraCommunityInvoice,
      buyer: { ...intraCommunityInvoice.buyer, vatId: null },
    }
    const result = await validateCii(await ciiXml(broken, 'en16931'))
    expect(result.errors.map((e) => e.id)).toContain('BR-IC-02')
  })

  it('reports an XRechnung without seller contact phone (BR-DE-6, KoSIT rules)', async () => {
    const broken: InvoiceDocument = {
      ...publicBuyerInvoice,
      seller: { ...publicBuyerInvoice.seller, phone: '' },
    }
    const result = await validateXRechnungCii(await xrechnungXml(broken))
    expect(result.errors.map((e) => e.id)).toContain('BR-DE-6')
  })

  it('reports an element the CII schema does not know', async () => {
    const xml = (await ciiXml(couponInvoice, 'en16931')).replace(
      '<ram:TypeCode>380</ram:TypeCode>',
      '<ram:TypeCode>380</ram:TypeCode><ram:Unknown>x</ram:Unknown>',
    )
    expect((await validateCiiSchema(xml)).length).toBeGreaterThan(0)
  })
})

describe('Factur-X PDF/A-3 (structural checks; no veraPDF on this machine)', () => {
  for (const [name, doc] of Object.entries(TEST_DOCUMENTS)) {
    it(`${name}: embeds a valid factur-x.xml as Alternative with Factur-X XMP`, async () => {
      const pdf = await facturXPdf(doc, await visualPdf(doc))
      const pdfDoc = await PDFDocument.load(pdf, { updateMetadata: false })

      const spec = embeddedFiles(pdfDoc).get(FACTUR_X_FILENAME)
      expect(spec).toBeDefined()
      if (!spec) return
      expect(spec.get(PDFName.of('AFRelationship'))).toBe(PDFName.of('Alternative'))
      const af = pdfDoc.catalog.lookup(PDFName.of('AF'), PDFArray)
      expect(af.asArray().some((entry) => pdfDoc.context.lookup(entry) === spec)).toBe(true)

      const metadata = pdfDoc.catalog.lookup(PDFName.of('Metadata'), PDFStream)
      const xmp = streamText(metadata)
      expect(xmp).toMatch(/<pdfaid:part>3<\/pdfaid:part>/)
      expect(xmp).toMatch(/<fx:ConformanceLevel>EN 16931<\/fx:ConformanceLevel>/)
      expect(xmp).toMatch(/<fx:DocumentFileName>factur-x\.xml<\/fx:DocumentFileName>/)
      expect(xmp).toContain('urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#')

      const file = spec.lookup(PDFName.of('EF'), PDFDict).lookup(PDFName.of('F'), PDFStream)
      const xml = streamText(file)
      expect(xml).toBe(await ciiXml(doc, 'en16931'))
      const result = await validateCii(xml)
      record(`${name}/factur-x.xml`, result)
      expect(describeErrors(result.errors)).toEqual([])
    })
  }
})

// Opt-in (EINVOICE_CROSSCHECK=1, about a minute): the same CEN Schematron run by a second,
// independent engine (node-schematron on fontoxpath) must report the same rule ids as the
// Saxon-JS path; this checks our Schematron-to-XSLT step. Documents with document level
// allowances are left out: fontoxpath computes xs:decimal in binary floating point, so
// 246.98 - 25.18 != 221.80 there and BR-S-08 fails wrongly (docs/notes/einvoice.md).
describe.runIf(process.env.EINVOICE_CROSSCHECK)('cross-check with node-schematron', () => {
  const samples: Record<string, InvoiceDocument> = {
    privateCardInvoice: TEST_DOCUMENTS.privateCardInvoice as InvoiceDocument,
    creditNote,
    brokenTotals: {
      ...publicBuyerInvoice,
      totals: {
        ...publicBuyerInvoice.totals,
        grossCents: publicBuyerInvoice.totals.grossCents + 1,
      },
    },
    brokenVatId: {
      ...intraCommunityInvoice,
      buyer: { ...intraCommunityInvoice.buyer, vatId: null },
    },
  }
  const schema = Schema.fromString(readFileSync(CEN_CII_SCHEMATRON, 'utf8'))
  for (const [name, doc] of Object.entries(samples)) {
    it(`${name}: both engines report the same rules`, { timeout: 120_000 }, async () => {
      const xml = await ciiXml(doc, 'en16931')
      const saxon = await validateCii(xml)
      const other = schema.validateString(xml).filter((r) => !r.isReport)
      expect(other.map((r) => r.assertId).sort()).toEqual(
        [...saxon.errors, ...saxon.warnings].map((m) => m.id).sort(),
      )
    })
  }
})
