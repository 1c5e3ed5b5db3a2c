// The demo catalog is plausible (issue 21): generated for the default size and for a benchmark
// size, every product keeps the rules a shopper would check. The allow-lists here are written
// independently of the generator's tables (Apple's configurations as Apple sells them, MSRPs).
import { describe, expect, it } from 'vitest'
import { productSvg } from '#server/catalog/images.ts'
import { type CatalogDraft, generateCatalog } from './catalog.ts'
import { DEFAULT_PRODUCT_COUNT } from './index.ts'

const catalogs: [string, CatalogDraft[]][] = [
  ['default', generateCatalog(DEFAULT_PRODUCT_COUNT)],
  ['--products 20000', generateCatalog(20_000)],
]

function spec(draft: CatalogDraft, name: string): string | undefined {
  return draft.generated.specs.find((row) => row.name === name)?.value
}

function cpuOf(draft: CatalogDraft): string | undefined {
  return spec(draft, 'Prozessor') ?? spec(draft, 'Chip')
}

/** Apple's configurations: model -> "RAM/SSD" in GB (MacBooks, Mac mini) or storage (iPhone, iPad). */
const APPLE_CONFIGS: Record<string, string[]> = {
  'MacBook Air 13" M3': ['16/256', '16/512', '24/512'],
  'MacBook Air 13" M4': ['16/256', '16/512', '24/512', '32/1024'],
  'MacBook Air 15" M4': ['16/256', '16/512', '24/512', '32/1024'],
  'MacBook Pro 14" M4': ['16/512', '16/1024', '24/1024', '32/1024'],
  'MacBook Pro 14" M4 Pro': ['24/512', '24/1024', '48/1024'],
  'MacBook Pro 16" M4 Pro': ['24/512', '48/512'],
  'MacBook Pro 16" M4 Max': ['36/1024', '48/1024'],
  'Mac mini M4': ['16/256', '16/512', '24/512'],
  'Mac mini M4 Pro': ['24/512', '48/1024'],
  'iPhone 16': ['128', '256', '512'],
  'iPhone 16 Plus': ['128', '256', '512'],
  'iPhone 16 Pro': ['128', '256', '512', '1024'],
  'iPhone 16 Pro Max': ['256', '512', '1024'],
  'iPhone 16e': ['128', '256', '512'],
  'iPad (A16)': ['128', '256', '512'],
  'iPad Air 11" (M3)': ['128', '256', '512', '1024'],
  'iPad Air 13" (M3)': ['128', '256', '512', '1024'],
  'iPad Pro 11" (M4)': ['256', '512', '1024'],
  'iPad Pro 13" (M4)': ['256', '512', '1024'],
  'iPad mini (A17 Pro)': ['128', '256', '512'],
}
const MAC_COLORS: Record<string, string[]> = {
  'MacBook Air 13" M3': ['Mitternacht', 'Polarstern', 'Space Grau', 'Silber'],
  'MacBook Air': ['Mitternacht', 'Polarstern', 'Silber', 'Himmelblau'],
  'MacBook Pro': ['Space Schwarz', 'Silber'],
}

function gb(text: string): number {
  const match = /([\d,]+)\s*(GB|TB)/.exec(text)
  if (!match?.[1]) return Number.NaN
  const value = Number(match[1].replace(',', '.'))
  return match[2] === 'TB' ? value * 1024 : value
}

/** Desktop graphics MSRPs in euros (launch prices in Germany). */
const GPU_MSRP: Record<string, number> = {
  'RTX 4060': 299,
  'RTX 4060 Ti': 389,
  'RTX 4070': 549,
  'RTX 4070 Super': 599,
  'RTX 4070 Ti Super': 799,
  'RTX 4080 Super': 1049,
  'RTX 4090': 1899,
  'RTX 5060 Ti': 449,
  'RTX 5070': 619,
  'RTX 5070 Ti': 879,
  'RTX 5080': 1199,
  'RTX 5090': 2399,
  'RX 7600': 269,
  'RX 7600 XT': 329,
  'RX 7700 XT': 419,
  'RX 7800 XT': 499,
  'RX 7900 GRE': 549,
  'RX 7900 XT': 699,
  'RX 7900 XTX': 899,
  'RX 9070': 629,
  'RX 9070 XT': 699,
  A580: 179,
  A750: 199,
  A770: 299,
  B570: 229,
  B580: 279,
}

/** Gaming notebooks' price band (euros) by laptop GPU. */
const LAPTOP_BAND: Record<string, [number, number]> = {
  'RTX 4050': [799, 1799],
  'RTX 4060': [899, 1999],
  'RTX 4070': [1199, 2599],
  'RTX 4080': [1999, 3599],
  'RTX 4090': [2799, 4599],
}

/** Ready-made gaming PCs: GPU tier; CPU tier; price band by GPU tier. */
const DESKTOP_GPU_TIER: Record<string, number> = {
  'RTX 4060': 1,
  'RX 7600': 1,
  'RTX 5060 Ti': 2,
  'RTX 4070 Super': 2,
  'RTX 5070': 2,
  'RX 7800 XT': 2,
  'RX 9070 XT': 3,
  'RTX 5070 Ti': 3,
  'RTX 5080': 4,
  'RTX 5090': 4,
}
function desktopCpuTier(cpu: string): number {
  if (/9800X3D|9950X3D|Ultra 9/.test(cpu)) return 4
  if (/7800X3D|i7-|Ultra 7/.test(cpu)) return 3
  if (/Ryzen 7|i5-14600/.test(cpu)) return 2
  return 1
}
const PC_BAND: Record<number, [number, number]> = {
  1: [799, 1499],
  2: [1099, 2199],
  3: [1499, 2899],
  4: [2199, 4999],
}

/** The CPU vendor a line's name promises, where it promises one. */
function promisedVendor(head: string): 'Intel' | 'AMD' | null {
  const line = head.trim()
  // Lenovo, HP and others mark Intel lines with a trailing "i" (Legion 5i, Yoga Slim 7i, Tower 5i).
  if (/\b\d+i\b/.test(line)) return 'Intel'
  if (/^Lenovo (Legion|Yoga|IdeaPad|LOQ)\b/.test(line)) return 'AMD'
  if (/\bAMD$|TUF Gaming A\d|Zephyrus G14|Zenbook S 16|EliteBook 845|Gaming R$/.test(line))
    return 'AMD'
  if (/Gaming I$/.test(line)) return 'Intel'
  return null
}

describe.each(catalogs)('the demo catalog (%s)', (_label, drafts) => {
  it('has no two products with the same name', () => {
    const names = drafts.map((draft) => draft.name)
    expect(new Set(names).size).toBe(names.length)
    expect(names.filter((name) => /Variante \d/.test(name))).toEqual([])
  })

  it('names a line "…i" only with Intel inside and AMD lines only with Ryzen', () => {
    const wrong = drafts.flatMap((draft) => {
      const cpu = cpuOf(draft)
      // The name as shoppers read it, up to the first comma ("Lenovo Legion Tower 5i").
      const vendor = promisedVendor(draft.name.split(',')[0] ?? '')
      if (!cpu || !vendor) return []
      return cpu.startsWith(vendor) ? [] : [`${draft.name}: ${cpu}`]
    })
    expect(wrong).toEqual([])
  })

  it('pairs integrated graphics with the processor of the same maker', () => {
    const wrong = drafts.flatMap((draft) => {
      const cpu = cpuOf(draft)
      const gpu = draft.generated.attributes.grafikkarte
      if (!cpu || !gpu || /^(GeForce|Radeon RX|Apple)/.test(gpu)) return []
      const maker = gpu.startsWith('Intel') ? 'Intel' : gpu.startsWith('AMD') ? 'AMD' : 'Qualcomm'
      return cpu.startsWith(maker) ? [] : [`${draft.name}: ${cpu} / ${gpu}`]
    })
    expect(wrong).toEqual([])
  })

  it('sells Apple devices only in configurations Apple sells', () => {
    const wrong = drafts.flatMap((draft) => {
      if (draft.generated.brand !== 'Apple') return []
      const name = draft.generated.name
      const model = Object.keys(APPLE_CONFIGS)
        .filter((key) => name.replace(/ \(\d{4}\)/, '').startsWith(`Apple ${key}`))
        .sort((a, b) => b.length - a.length)[0]
      if (!model) {
        return /MacBook|iPhone|iPad|Mac mini/.test(name) ? [`unknown model: ${name}`] : []
      }
      const ram = spec(draft, 'Gemeinsamer Arbeitsspeicher')
      const storage = spec(draft, 'SSD') ?? spec(draft, 'Speicherkapazität') ?? ''
      const config = ram ? `${gb(ram)}/${gb(storage)}` : String(gb(storage))
      const colours = Object.entries(MAC_COLORS).find(([prefix]) => model.startsWith(prefix))?.[1]
      const colour = spec(draft, 'Farbe')
      return [
        ...(APPLE_CONFIGS[model]?.includes(config) ? [] : [`${name}: ${config}`]),
        ...(colours && colour && !colours.includes(colour) ? [`${name}: colour ${colour}`] : []),
      ]
    })
    expect(wrong).toEqual([])
  })

  it('prices graphics cards from their MSRP up to 25 % above (plus OC)', () => {
    const wrong = drafts.flatMap((draft) => {
      if (!draft.path.includes('grafikkarten')) return []
      const chip = draft.generated.attributes.grafikkarte?.replace(/^(GeForce|Radeon|Arc) /, '')
      const msrp = chip ? GPU_MSRP[chip] : undefined
      const price = draft.generated.priceEur
      if (!msrp) return [`unknown chip: ${draft.name}`]
      return price >= msrp && price <= msrp * 1.25 + 20 ? [] : [`${draft.name}: ${price}`]
    })
    expect(wrong).toEqual([])
  })

  it('prices gaming notebooks and PCs in their tier and pairs CPU and GPU of neighbouring tiers', () => {
    const wrong = drafts.flatMap((draft) => {
      const gpu = draft.generated.attributes.grafikkarte?.replace(/^(GeForce|Radeon) /, '')
      const price = draft.generated.priceEur
      if (draft.path === 'notebooks/gaming-notebooks') {
        const band = gpu ? LAPTOP_BAND[gpu] : undefined
        if (!band) return [`unknown laptop GPU: ${draft.name}`]
        return price >= band[0] && price <= band[1] ? [] : [`${draft.name}: ${price}`]
      }
      if (draft.path === 'pc-systeme/gaming-pcs') {
        const tier = gpu ? DESKTOP_GPU_TIER[gpu] : undefined
        const band = tier ? PC_BAND[tier] : undefined
        const cpu = cpuOf(draft) ?? ''
        if (!tier || !band) return [`unknown desktop GPU: ${draft.name}`]
        return price >= band[0] && price <= band[1] && Math.abs(desktopCpuTier(cpu) - tier) <= 1
          ? []
          : [`${draft.name}: ${price}`]
      }
      return []
    })
    expect(wrong).toEqual([])
  })

  it('sizes TVs as their series is sold (the size in the model code)', () => {
    const tvs = drafts.filter((draft) => draft.path === 'tv-audio/fernseher')
    expect(tvs.length).toBeGreaterThan(0)
    const wrong = tvs.flatMap((draft) => {
      const inches = spec(draft, 'Bildschirmdiagonale')?.replace('"', '') ?? ''
      const model = draft.name.split(',')[0] ?? ''
      return model.includes(inches) ? [] : [`${draft.name}: ${inches}"`]
    })
    expect(wrong).toEqual([])
    // One series keeps its panel across sizes.
    const panels = new Map<string, Set<string>>()
    for (const draft of tvs) {
      const set = panels.get(draft.generated.line) ?? new Set()
      set.add(draft.generated.attributes.paneltyp ?? '')
      panels.set(draft.generated.line, set)
    }
    expect([...panels.values()].every((set) => set.size === 1)).toBe(true)
  })

  it('gives every product a model line, and each line of a category its own drawing', () => {
    expect(drafts.filter((draft) => !draft.generated.line.trim())).toEqual([])
    const drawings = new Map<string, Map<string, string>>()
    for (const draft of drafts) {
      const byLine = drawings.get(draft.path) ?? new Map<string, string>()
      if (!byLine.has(draft.generated.line)) {
        byLine.set(
          draft.generated.line,
          productSvg({
            visual: draft.visual,
            colorHex: '#334155',
            brand: '',
            line: draft.generated.line,
            view: 1,
          }),
        )
      }
      drawings.set(draft.path, byLine)
    }
    for (const byLine of drawings.values()) {
      expect(new Set(byLine.values()).size).toBe(byLine.size)
    }
  })
})

describe('the default catalog', () => {
  const [, drafts] = catalogs[0] ?? ['', []]

  it('holds no near-duplicates: no name repeats with only a part number added', () => {
    expect(drafts.filter((draft) => draft.name !== draft.generated.name)).toEqual([])
    const squeezed = drafts.map((draft) => draft.name.toLowerCase().replace(/[^a-z0-9+]+/g, ''))
    expect(new Set(squeezed).size).toBe(squeezed.length)
  })

  it('draws the variants of one line alike (same shape, only the colour differs)', () => {
    const tvs = drafts.filter((draft) => draft.path === 'tv-audio/fernseher')
    const series = tvs[0]?.generated.line
    const sameSeries = tvs.filter((draft) => draft.generated.line === series)
    const svgs = sameSeries.map((draft) =>
      productSvg({
        visual: draft.visual,
        colorHex: draft.generated.color.hex,
        brand: draft.generated.brand,
        line: draft.generated.line,
        view: 1,
      }),
    )
    expect(sameSeries.length).toBeGreaterThan(1)
    expect(new Set(svgs).size).toBe(1)
  })
})
