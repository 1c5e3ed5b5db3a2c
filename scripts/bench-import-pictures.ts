import { parseArgs } from 'node:util'
import { strToU8, type Zippable, zipSync } from 'fflate'
import sharp from 'sharp'
import { checkCatalogImport, exportCatalog, runCatalogImportChunk } from '#server/catalog/index.ts'
import { benchEan, seededCatalog } from './bench/import-setup.ts'

const { values } = parseArgs({
  options: {
    pictures: { type: 'string', default: '200' },
    'per-product': { type: 'string', default: '4' },
    /** Grain over every photo: JPEGs of ~0.5 MB like real product photos (else ~20 KB). */
    noisy: { type: 'boolean', default: false },
  },
})
const pictureCount = Number(values.pictures)
const perProduct = Number(values['per-product'])
const productCount = Math.ceil(pictureCount / perProduct)

const ean = (n: number) => benchEan('24', n)

const grain = values.noisy
  ? await sharp({
      create: {
        width: 1200,
        height: 900,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 18 },
      },
    })
      .png()
      .toBuffer()
  : null

/** A distinct photo-like JPEG: a gradient and shapes that differ per index. */
async function photo(i: number): Promise<Buffer> {
  const hue = (i * 37) % 360
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},70%,60%)"/><stop offset="1" stop-color="hsl(${(hue + 140) % 360},60%,30%)"/></linearGradient></defs><rect width="1200" height="900" fill="url(#g)"/><circle cx="${300 + (i % 7) * 80}" cy="${250 + (i % 5) * 90}" r="${120 + (i % 9) * 15}" fill="hsl(${(hue + 200) % 360},80%,55%)"/><text x="80" y="820" font-size="90" fill="#fff">Bild ${i}</text></svg>`
  const image = sharp(Buffer.from(svg))
  if (grain) image.composite([{ input: grain, blend: 'overlay' }])
  return image.jpeg({ quality: 85 }).toBuffer()
}

const { db, usable, close } = await seededCatalog('bench-pictures')
try {
  const now = () => new Date()
  const columns = [...Object.keys(usable[0] ?? {}), 'bilder']
  const files: Zippable = {}
  const rows = await Promise.all(
    Array.from({ length: productCount }, async (_, p) => {
      const names: string[] = []
      for (let k = 0; k < perProduct && p * perProduct + k < pictureCount; k += 1) {
        const i = p * perProduct + k
        const name = `bilder/${i}.jpg`
        files[name] = [await photo(i), { level: 0 }]
        names.push(k === 0 ? `${name}=Vorderansicht ${p}` : name)
      }
      const template = usable[p % usable.length] ?? {}
      return {
        ...template,
        artikelnummer: String(7_000_000 + p),
        ean: ean(p),
        name: `Bildermodell ${p} ${template.name ?? ''}`.slice(0, 200),
        herstellernummer: `BB-${p}`,
        bilder: names.join('|'),
      } as Record<string, string>
    }),
  )
  const quote = (value: string) =>
    /[";\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value
  files['artikel.csv'] = strToU8(
    [columns, ...rows.map((row) => columns.map((column) => row[column] ?? ''))]
      .map((cells) => cells.map(quote).join(';'))
      .join('\r\n'),
  )
  const archive = Buffer.from(zipSync(files))
  console.log(
    `archive: ${productCount} products, ${pictureCount} pictures, ${(archive.length / 1024 / 1024).toFixed(1)} MB`,
  )

  async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
    const started = performance.now()
    const result = await work()
    const seconds = (performance.now() - started) / 1000
    console.log(
      `${label.padEnd(30)} ${seconds.toFixed(1).padStart(6)} s  ${(pictureCount / seconds).toFixed(1).padStart(6)} pictures/s`,
    )
    return result
  }

  async function importArchive(name: string, expect: string) {
    const checked = await timed(`${name}: dry run`, async () => {
      const answer = await checkCatalogImport(
        db,
        { fileName: `${name}.zip`, bytes: archive, staffId: null },
        100_000,
        now(),
      )
      if (!answer.ok) throw new Error(answer.code)
      return answer.value.summary
    })
    const done = await timed(`${name}: run`, async () => {
      for (;;) {
        const chunk = await db.transaction((tx) =>
          runCatalogImportChunk(tx, checked.id, { mode: 'skip_bad_rows' }, now()),
        )
        if (!chunk) throw new Error('import vanished')
        if (chunk.summary.status === 'done') return chunk.summary
      }
    })
    console.log(
      `  dry run ${JSON.stringify(checked.counts)}, run ${JSON.stringify(done.counts)} (expected: ${expect})`,
    )
  }

  await importArchive('new products with pictures', `${productCount} created`)
  await importArchive('same archive again', 'all unchanged')
  const zipped = await timed('export as ZIP (csv)', () => exportCatalog(db, 'csv', now(), 'zip'))
  console.log(`  export: ${(zipped.content.length / 1024 / 1024).toFixed(1)} MB`)
} finally {
  await close()
}
