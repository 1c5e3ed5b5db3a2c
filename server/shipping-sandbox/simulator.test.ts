import { inflateSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { manualClock } from '#server/platform/clock.ts'
import type { ReturnLabelInput } from '#server/platform/shipping/port.ts'
import { createShippingSimulator } from './simulator.ts'
import { gs1CheckDigit, isSimulatorTrackingNumber, labelIdentity } from './tracking.ts'

const input: ReturnLabelInput = {
  reference: 'B4000001-R1',
  sender: {
    name: 'Jörg Müller',
    company: null,
    street: 'Hauptstraße',
    houseNumber: '5a',
    zipCode: '80331',
    city: 'München',
    countryCode: 'DE',
  },
  weightGrams: 2000,
  idempotencyKey: '17:7f1e6d1c-4c2b-4a57-9f0e-1d2c3b4a5f60',
}

/** The page's text: pdfkit writes it as hex strings (WinAnsi) inside deflated content streams. */
function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1')
  const texts: string[] = []
  for (const match of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string
    try {
      content = inflateSync(Buffer.from(match[1] ?? '', 'latin1')).toString('latin1')
    } catch {
      continue
    }
    for (const line of content.matchAll(/\[([^\]]*)\]\s*TJ/g))
      texts.push(
        [...(line[1] ?? '').matchAll(/<([0-9a-f]*)>/gi)]
          .map((hex) => Buffer.from(hex[1] ?? '', 'hex').toString('latin1'))
          .join(''),
      )
  }
  return texts.join('\n')
}

describe('shipping simulator', () => {
  const clock = manualClock(new Date('2026-11-27T10:00:00Z'))
  const shipping = createShippingSimulator({ clock })

  it('issues a DHL label with a 20-digit tracking number and a real A6 PDF', async () => {
    const result = await shipping.createReturnLabel(input)
    if (!result.ok) throw new Error(result.code)
    const label = result.value
    expect(label.carrier).toBe('DHL')
    expect(label.trackingNumber).toMatch(/^00340434\d{12}$/)
    expect(isSimulatorTrackingNumber(label.trackingNumber)).toBe(true)
    expect(label.pdf.subarray(0, 5).toString()).toBe('%PDF-')
    expect(label.pdf.subarray(-6).toString()).toContain('%%EOF')
    expect(label.pdf.length).toBeGreaterThan(2000)
    const raw = label.pdf.toString('latin1')
    expect(raw).toContain('/MediaBox [0 0 297.64 419.53]')
    expect(raw).toMatch(/\/Subtype \/Image/)
    expect(raw).toMatch(/\/Count 1\b/)
    const text = pdfText(label.pdf)
    expect(text).toContain('Jörg Müller')
    expect(text).toContain('Bitwerk GmbH')
    expect(text).toContain('Retourenzentrum')
    expect(text).toContain('Referenz: B4000001-R1')
    expect(text.replaceAll(' ', '')).toContain(`Sendungsnummer:${label.trackingNumber}`)
  })

  it('gives the same label id and tracking number for the same key, others for another', async () => {
    const first = await shipping.createReturnLabel(input)
    const again = await shipping.createReturnLabel(input)
    const other = await shipping.createReturnLabel({ ...input, idempotencyKey: '17:another-key' })
    if (!first.ok || !again.ok || !other.ok) throw new Error('label refused')
    expect(again.value.trackingNumber).toBe(first.value.trackingNumber)
    expect(again.value.labelId).toBe(first.value.labelId)
    expect(other.value.trackingNumber).not.toBe(first.value.trackingNumber)
  })

  it('refuses an incomplete sender and an impossible weight', async () => {
    const noCity = await shipping.createReturnLabel({
      ...input,
      sender: { ...input.sender, city: ' ' },
    })
    expect(noCity).toMatchObject({ ok: false, code: 'label_address_invalid' })
    const heavy = await shipping.createReturnLabel({ ...input, weightGrams: 40_000 })
    expect(heavy).toMatchObject({ ok: false, code: 'label_weight_invalid' })
  })

  it('tracks its own numbers only', async () => {
    const { trackingNumber } = labelIdentity('x')
    expect(await shipping.track(trackingNumber)).toMatchObject({ status: 'label_created' })
    const wrongCheck = `${trackingNumber.slice(0, -1)}${(Number(trackingNumber.slice(-1)) + 1) % 10}`
    expect(await shipping.track(wrongCheck)).toBeNull()
    expect(await shipping.track('JJD000000000')).toBeNull()
    // The same GS1 mod 10 as an EAN-13: 400638133393 has the check digit 1.
    expect(gs1CheckDigit('400638133393')).toBe(1)
  })
})
