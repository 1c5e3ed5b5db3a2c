import { describe, expect, it } from 'vitest'
import { detectFileType, displayName } from './files.ts'

describe('campus document types', () => {
  it('recognises JPEG, PNG, GIF and PDF by their first bytes', () => {
    expect(detectFileType(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]))).toBe('image/jpeg')
    expect(detectFileType(Buffer.from('\x89PNG\r\n\x1a\n....', 'latin1'))).toBe('image/png')
    expect(detectFileType(Buffer.from('GIF89a....'))).toBe('image/gif')
    expect(detectFileType(Buffer.from('GIF87a....'))).toBe('image/gif')
    expect(detectFileType(Buffer.from('%PDF-1.7\n'))).toBe('application/pdf')
  })

  it('refuses everything else, whatever its name', () => {
    expect(detectFileType(Buffer.from('MZ\x90\x00', 'latin1'))).toBeNull()
    expect(detectFileType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull()
    expect(detectFileType(Buffer.from(''))).toBeNull()
    expect(detectFileType(Buffer.from('%PD'))).toBeNull()
  })

  it('keeps a readable file name without paths', () => {
    expect(displayName('C:\\Users\\a\\Ausweis.pdf', 'application/pdf')).toBe('Ausweis.pdf')
    expect(displayName('../../etc/passwd', 'application/pdf')).toBe('passwd')
    expect(displayName('', 'image/png')).toBe('nachweis.png')
    expect(displayName(Buffer.from('Schülerausweis.jpg').toString('latin1'), 'image/jpeg')).toBe(
      'Schülerausweis.jpg',
    )
  })
})
