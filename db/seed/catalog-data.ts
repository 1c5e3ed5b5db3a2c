// The demo catalog's shape: the category tree, the filter attributes, and one product generator
// per leaf category with real-sounding brands, model lines and attributes.
import type { CatalogVisual, EnergyClass, ProductSpec } from '../schema/catalog.ts'
import type { Rng } from './catalog-random.ts'

// --- Categories ---------------------------------------------------------------------------

export type CategorySeed = {
  slug: string
  name: string
  visual: CatalogVisual
  description: string
  children?: CategorySeed[]
}

export const CATEGORY_TREE: CategorySeed[] = [
  {
    slug: 'notebooks',
    name: 'Notebooks',
    visual: 'notebook',
    description:
      'Notebooks für Gaming, Büro, Studium und unterwegs: von ASUS, Lenovo, HP, Dell, Acer, MSI und Apple.',
    children: [
      {
        slug: 'gaming-notebooks',
        name: 'Gaming-Notebooks',
        visual: 'notebook',
        description:
          'Gaming-Notebooks mit GeForce RTX, schnellen Displays bis 240 Hz und starken Prozessoren.',
      },
      {
        slug: 'business-notebooks',
        name: 'Business-Notebooks',
        visual: 'notebook',
        description:
          'Robuste Business-Notebooks mit Windows 11 Pro, langer Akkulaufzeit und guter Tastatur.',
      },
      {
        slug: 'ultrabooks',
        name: 'Ultrabooks',
        visual: 'notebook',
        description: 'Leichte Ultrabooks mit OLED-Displays, langer Laufzeit und flachem Gehäuse.',
      },
      {
        slug: 'convertibles',
        name: '2-in-1-Convertibles',
        visual: 'tablet',
        description: 'Convertibles und 2-in-1-Geräte: Notebook und Tablet in einem, mit Stift.',
      },
      {
        slug: 'macbooks',
        name: 'MacBooks',
        visual: 'notebook',
        description: 'MacBook Air und MacBook Pro mit Apple M-Chips, auch mit Campus-Rabatt.',
      },
    ],
  },
  {
    slug: 'pc-systeme',
    name: 'PC-Systeme',
    visual: 'pc',
    description: 'Fertig-PCs für Gaming, Büro und Wohnzimmer: vom Mini-PC bis zum High-End-Tower.',
    children: [
      {
        slug: 'gaming-pcs',
        name: 'Gaming-PCs',
        visual: 'pc',
        description:
          'Gaming-PCs mit aktuellen GeForce- und Radeon-Grafikkarten, montiert und getestet.',
      },
      {
        slug: 'office-pcs',
        name: 'Office-PCs',
        visual: 'pc',
        description: 'Leise und sparsame Office-PCs für Büro und Homeoffice.',
      },
      {
        slug: 'mini-pcs',
        name: 'Mini-PCs',
        visual: 'pc',
        description: 'Kompakte Mini-PCs und Mac mini für Schreibtisch, Wohnzimmer und Homelab.',
      },
    ],
  },
  {
    slug: 'pc-komponenten',
    name: 'PC-Komponenten',
    visual: 'components',
    description:
      'Grafikkarten, Prozessoren, Arbeitsspeicher, SSDs, Mainboards, Netzteile und Gehäuse für deinen PC.',
    children: [
      {
        slug: 'grafikkarten',
        name: 'Grafikkarten',
        visual: 'gpu',
        description:
          'Grafikkarten von NVIDIA GeForce, AMD Radeon und Intel Arc für Gaming und Kreative.',
        children: [
          {
            slug: 'nvidia-geforce',
            name: 'NVIDIA GeForce',
            visual: 'gpu',
            description: 'GeForce RTX 40 und RTX 50 Grafikkarten mit DLSS und Raytracing.',
          },
          {
            slug: 'amd-radeon',
            name: 'AMD Radeon',
            visual: 'gpu',
            description: 'Radeon RX 7000 und RX 9000 Grafikkarten mit viel Grafikspeicher.',
          },
          {
            slug: 'intel-arc',
            name: 'Intel Arc',
            visual: 'gpu',
            description: 'Intel Arc Grafikkarten: günstig in Full HD und WQHD spielen.',
          },
        ],
      },
      {
        slug: 'prozessoren',
        name: 'Prozessoren',
        visual: 'cpu',
        description: 'Prozessoren von AMD Ryzen und Intel Core für AM4, AM5, LGA1700 und LGA1851.',
      },
      {
        slug: 'arbeitsspeicher',
        name: 'Arbeitsspeicher',
        visual: 'ram',
        description:
          'DDR4- und DDR5-Arbeitsspeicher als Kits von Kingston, Corsair, G.Skill und Crucial.',
      },
      {
        slug: 'ssds',
        name: 'SSDs',
        visual: 'ssd',
        description: 'M.2-NVMe- und SATA-SSDs von Samsung, WD, Crucial, Kingston und Lexar.',
      },
      {
        slug: 'mainboards',
        name: 'Mainboards',
        visual: 'mainboard',
        description: 'Mainboards für AMD und Intel im ATX-, Micro-ATX- und Mini-ITX-Format.',
      },
      {
        slug: 'netzteile',
        name: 'Netzteile',
        visual: 'psu',
        description:
          'Effiziente PC-Netzteile mit 80 PLUS Zertifizierung, auch ATX 3.1 mit 12V-2x6.',
      },
      {
        slug: 'pc-gehaeuse',
        name: 'PC-Gehäuse',
        visual: 'case',
        description: 'PC-Gehäuse mit Glasfenster, viel Airflow oder besonders leise.',
      },
    ],
  },
  {
    slug: 'monitore',
    name: 'Monitore',
    visual: 'monitor',
    description: 'Monitore für Gaming und Büro: Full HD, WQHD, 4K und Ultrawide, bis 360 Hz.',
    children: [
      {
        slug: 'gaming-monitore',
        name: 'Gaming-Monitore',
        visual: 'monitor',
        description: 'Gaming-Monitore mit hoher Bildwiederholrate, OLED und schnellen IPS-Panels.',
      },
      {
        slug: 'office-monitore',
        name: 'Office-Monitore',
        visual: 'monitor',
        description: 'Ergonomische Office-Monitore mit USB-C, Pivot und flimmerfreiem Bild.',
      },
      {
        slug: 'ultrawide-monitore',
        name: 'Ultrawide-Monitore',
        visual: 'monitor',
        description: 'Curved Ultrawide-Monitore im 21:9- und 32:9-Format für mehr Überblick.',
      },
    ],
  },
  {
    slug: 'smartphones-tablets',
    name: 'Smartphones & Tablets',
    visual: 'phone',
    description: 'Smartphones und Tablets von Apple, Samsung, Google, Xiaomi und mehr.',
    children: [
      {
        slug: 'smartphones',
        name: 'Smartphones',
        visual: 'phone',
        description: 'iPhone, Samsung Galaxy, Google Pixel und weitere Smartphones mit 5G.',
      },
      {
        slug: 'tablets',
        name: 'Tablets',
        visual: 'tablet',
        description: 'iPad, Galaxy Tab und Android-Tablets für Studium, Arbeit und Freizeit.',
      },
    ],
  },
  {
    slug: 'tv-audio',
    name: 'TV & Audio',
    visual: 'tv',
    description: 'Fernseher, Soundbars und Kopfhörer für Heimkino und unterwegs.',
    children: [
      {
        slug: 'fernseher',
        name: 'Fernseher',
        visual: 'tv',
        description: 'OLED-, QLED- und LED-Fernseher in 4K von Samsung, LG, Sony, Philips und TCL.',
      },
      {
        slug: 'soundbars',
        name: 'Soundbars',
        visual: 'speaker',
        description: 'Soundbars mit Dolby Atmos und Subwoofer für besseren Fernsehton.',
      },
      {
        slug: 'kopfhoerer',
        name: 'Kopfhörer',
        visual: 'headphones',
        description: 'Kopfhörer und In-Ears mit aktiver Geräuschunterdrückung.',
      },
    ],
  },
  {
    slug: 'zubehoer',
    name: 'Zubehör',
    visual: 'accessories',
    description: 'Mäuse, Tastaturen, Headsets und Webcams für Gaming und Homeoffice.',
    children: [
      {
        slug: 'maeuse',
        name: 'Mäuse',
        visual: 'mouse',
        description: 'Gaming-Mäuse und ergonomische Office-Mäuse, kabellos und kabelgebunden.',
      },
      {
        slug: 'tastaturen',
        name: 'Tastaturen',
        visual: 'keyboard',
        description:
          'Mechanische Gaming-Tastaturen und leise Office-Tastaturen mit deutschem Layout.',
      },
      {
        slug: 'headsets',
        name: 'Headsets',
        visual: 'headset',
        description: 'Gaming- und Office-Headsets mit Mikrofon, kabellos oder per USB.',
      },
      {
        slug: 'webcams',
        name: 'Webcams',
        visual: 'webcam',
        description: 'Webcams in Full HD und 4K für Videokonferenzen und Streaming.',
      },
    ],
  },
]

/** Words that may never be a top-level category slug (they are pages of the shop). */
export const RESERVED_SLUGS = [
  'kategorie',
  'artikel',
  'produkte',
  'kundenkonto',
  'warenkorb',
  'kasse',
  'merkzettel',
  'wishlist',
  'newsletter',
  'infocenter',
  'studentenprogramm',
  'api',
  'psp',
  'dev',
  'suche',
]

// --- Filter attributes ----------------------------------------------------------------------

export type AttributeKey =
  | 'hersteller'
  | 'grafikkarte'
  | 'grafikspeicher'
  | 'prozessor'
  | 'kerne'
  | 'sockel'
  | 'chipsatz'
  | 'arbeitsspeicher'
  | 'speichertyp'
  | 'speicherkapazitaet'
  | 'schnittstelle'
  | 'formfaktor'
  | 'displaygroesse'
  | 'aufloesung'
  | 'bildwiederholrate'
  | 'paneltyp'
  | 'betriebssystem'
  | 'leistung'
  | 'zertifizierung'
  | 'verbindung'
  | 'bauform'
  | 'noise-cancelling'
  | 'farbe'

export const ATTRIBUTES: Record<
  AttributeKey,
  { name: string; optionType?: 'color'; filterType?: 'radio' }
> = {
  hersteller: { name: 'Hersteller' },
  grafikkarte: { name: 'Grafikkarte' },
  grafikspeicher: { name: 'Grafikspeicher' },
  prozessor: { name: 'Prozessor' },
  kerne: { name: 'Prozessorkerne' },
  sockel: { name: 'Sockel' },
  chipsatz: { name: 'Chipsatz' },
  arbeitsspeicher: { name: 'Arbeitsspeicher' },
  speichertyp: { name: 'Speichertyp' },
  speicherkapazitaet: { name: 'Speicherkapazität' },
  schnittstelle: { name: 'Schnittstelle' },
  formfaktor: { name: 'Formfaktor' },
  displaygroesse: { name: 'Displaygröße' },
  aufloesung: { name: 'Auflösung' },
  bildwiederholrate: { name: 'Bildwiederholrate' },
  paneltyp: { name: 'Paneltyp' },
  betriebssystem: { name: 'Betriebssystem' },
  leistung: { name: 'Leistung' },
  zertifizierung: { name: 'Effizienz' },
  verbindung: { name: 'Verbindung' },
  bauform: { name: 'Bauform' },
  'noise-cancelling': { name: 'Noise Cancelling', filterType: 'radio' },
  farbe: { name: 'Farbe', optionType: 'color' },
}

/** Colour families of the Farbe filter with their swatches. */
export const COLOR_FAMILIES = {
  Schwarz: '#111827',
  Weiß: '#ffffff',
  Silber: '#c0c4cc',
  Grau: '#6b7280',
  Blau: '#2563eb',
  Grün: '#15803d',
  Rot: '#dc2626',
  Rosa: '#f4a7b9',
  Gold: '#d4af37',
  Violett: '#7c3aed',
  Beige: '#e8dcc4',
} as const
export type ColorFamily = keyof typeof COLOR_FAMILIES

/** A product colour: the manufacturer's name, its filter family and the picture's tint. */
export type ProductColor = { name: string; family: ColorFamily; hex: string }

function color(name: string, family: ColorFamily, hex?: string): ProductColor {
  return { name, family, hex: hex ?? COLOR_FAMILIES[family] }
}

// --- Generators -----------------------------------------------------------------------------

export type GeneratedProduct = {
  name: string
  /**
   * The model line ("Samsung Q80D", "Lenovo Legion 5i", "Apple MacBook Air 13\" M4"): variants of
   * one line share their drawing, two lines look different (server/catalog/images.ts).
   */
  line: string
  brand: string
  /** Option texts per attribute (Hersteller is added from `brand`). */
  attributes: Partial<Record<AttributeKey, string>>
  /** Further rows of the technical data table. */
  specs: ProductSpec[]
  teaser: string
  priceEur: number
  color: ProductColor
  energy?: { energyClass: EnergyClass; kwh: number }
  /** Facts for the description text. */
  facts: string[]
  /** High-end items are limited to fewer pieces per order. */
  maxQuantity?: number
  /** Whether Campus members may get a price here (Notebooks, Tablets, Monitore, ...). */
  campus?: boolean
  /** Manufacturer part number, appended to the name when needed to keep names unique. */
  mpn: string
}

export type LeafGenerator = {
  /** Path of the leaf category. */
  path: string
  /** Share of the catalog (relative). */
  weight: number
  generate: (rng: Rng) => GeneratedProduct
}

const BLACK = color('Schwarz', 'Schwarz')
const WHITE = color('Weiß', 'Weiß', '#f3f4f6')

function mpnFor(rng: Rng, pattern: string): string {
  return pattern.replace(/[#@]/g, (ch) =>
    ch === '#' ? String(rng.int(0, 9)) : String.fromCharCode(65 + rng.int(0, 25)),
  )
}

/** A manufacturer part number derived from the model: "KC3000" -> "KC3000-482EU". */
function modelMpn(rng: Rng, model: string): string {
  const base = model
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, 10)
  return `${base}-${rng.int(100, 999)}${rng.pick(['', 'EU', 'DE', 'WW'])}`
}

function displaySpecs(inches: string, resolution: string, hz: number, panel: string) {
  return [
    { group: 'Display', name: 'Bildschirmdiagonale', value: `${inches}"` },
    { group: 'Display', name: 'Auflösung', value: resolution },
    { group: 'Display', name: 'Bildwiederholrate', value: `${hz} Hz` },
    { group: 'Display', name: 'Paneltyp', value: panel },
  ]
}

function cm(inches: string): string {
  const value = Number(inches.replace(',', '.')) * 2.54
  return `${value.toFixed(1).replace('.', ',')} cm`
}

// Graphics cards -----------------------------------------------------------------------------

type Chip = { chip: string; memory: number; gddr: string; price: number; tier: number }

const NVIDIA_CHIPS: Chip[] = [
  { chip: 'RTX 4060', memory: 8, gddr: 'GDDR6', price: 299, tier: 1 },
  { chip: 'RTX 4060 Ti', memory: 8, gddr: 'GDDR6', price: 389, tier: 1 },
  { chip: 'RTX 4070', memory: 12, gddr: 'GDDR6X', price: 549, tier: 2 },
  { chip: 'RTX 4070 Super', memory: 12, gddr: 'GDDR6X', price: 599, tier: 2 },
  { chip: 'RTX 4070 Ti Super', memory: 16, gddr: 'GDDR6X', price: 799, tier: 3 },
  { chip: 'RTX 4080 Super', memory: 16, gddr: 'GDDR6X', price: 1049, tier: 3 },
  { chip: 'RTX 4090', memory: 24, gddr: 'GDDR6X', price: 1899, tier: 4 },
  { chip: 'RTX 5060 Ti', memory: 16, gddr: 'GDDR7', price: 449, tier: 1 },
  { chip: 'RTX 5070', memory: 12, gddr: 'GDDR7', price: 619, tier: 2 },
  { chip: 'RTX 5070 Ti', memory: 16, gddr: 'GDDR7', price: 879, tier: 3 },
  { chip: 'RTX 5080', memory: 16, gddr: 'GDDR7', price: 1199, tier: 3 },
  { chip: 'RTX 5090', memory: 32, gddr: 'GDDR7', price: 2399, tier: 4 },
]
const NVIDIA_BRANDS: [string, string[]][] = [
  ['ASUS', ['Dual', 'TUF Gaming', 'ROG Strix', 'Prime']],
  ['MSI', ['Ventus 2X', 'Ventus 3X', 'Gaming X Trio', 'Suprim X', 'Shadow 2X']],
  ['Gigabyte', ['Windforce', 'Gaming OC', 'Aorus Master', 'Eagle OC']],
  ['ZOTAC', ['Twin Edge', 'Trinity', 'AMP Extreme']],
  ['Palit', ['Dual', 'GamingPro', 'JetStream']],
  ['PNY', ['Verto', 'XLR8 Gaming']],
  ['INNO3D', ['Twin X2', 'iChill X3']],
]
const AMD_CHIPS: Chip[] = [
  { chip: 'RX 7600', memory: 8, gddr: 'GDDR6', price: 269, tier: 1 },
  { chip: 'RX 7600 XT', memory: 16, gddr: 'GDDR6', price: 329, tier: 1 },
  { chip: 'RX 7700 XT', memory: 12, gddr: 'GDDR6', price: 419, tier: 2 },
  { chip: 'RX 7800 XT', memory: 16, gddr: 'GDDR6', price: 499, tier: 2 },
  { chip: 'RX 7900 GRE', memory: 16, gddr: 'GDDR6', price: 549, tier: 2 },
  { chip: 'RX 7900 XT', memory: 20, gddr: 'GDDR6', price: 699, tier: 3 },
  { chip: 'RX 7900 XTX', memory: 24, gddr: 'GDDR6', price: 899, tier: 3 },
  { chip: 'RX 9070', memory: 16, gddr: 'GDDR6', price: 629, tier: 2 },
  { chip: 'RX 9070 XT', memory: 16, gddr: 'GDDR6', price: 699, tier: 3 },
]
const AMD_BRANDS: [string, string[]][] = [
  ['Sapphire', ['Pulse', 'Nitro+', 'Pure']],
  ['PowerColor', ['Hellhound', 'Red Devil', 'Fighter']],
  ['XFX', ['Speedster SWFT', 'Speedster MERC']],
  ['ASRock', ['Challenger', 'Steel Legend', 'Taichi']],
  ['ASUS', ['TUF Gaming', 'Prime']],
  ['Gigabyte', ['Gaming OC']],
]
const INTEL_CHIPS: Chip[] = [
  { chip: 'A580', memory: 8, gddr: 'GDDR6', price: 179, tier: 1 },
  { chip: 'A750', memory: 8, gddr: 'GDDR6', price: 199, tier: 1 },
  { chip: 'A770', memory: 16, gddr: 'GDDR6', price: 299, tier: 1 },
  { chip: 'B570', memory: 10, gddr: 'GDDR6', price: 229, tier: 1 },
  { chip: 'B580', memory: 12, gddr: 'GDDR6', price: 279, tier: 1 },
]
const INTEL_BRANDS: [string, string[]][] = [
  ['ASRock', ['Challenger', 'Steel Legend']],
  ['Sparkle', ['Titan', 'Orc']],
  ['Intel', ['Limited Edition']],
  ['Acer', ['Nitro']],
]

function graphicsCard(
  family: 'GeForce' | 'Radeon' | 'Arc',
  chips: Chip[],
  brands: [string, string[]][],
) {
  return (rng: Rng): GeneratedProduct => {
    const [brand, lines] = rng.pick(brands)
    const chip = rng.pick(chips)
    const line = rng.pick(lines)
    const oc = rng.chance(0.45)
    const white = rng.chance(0.12)
    const gpuName = `${family} ${chip.chip}`
    const name = `${brand} ${gpuName} ${line}${oc ? ' OC' : ''}${white ? ' White' : ''}, ${chip.memory} GB ${chip.gddr}`
    const boost = 2200 + rng.int(0, 60) * 10
    const fans = line.includes('3') || chip.tier >= 3 ? 3 : 2
    return {
      name,
      line: `${brand} ${line}`,
      brand,
      mpn: mpnFor(rng, family === 'GeForce' ? '###-V###-###R' : '##@##-###-##L'),
      attributes: {
        grafikkarte: gpuName,
        grafikspeicher: `${chip.memory} GB`,
        farbe: white ? 'Weiß' : 'Schwarz',
      },
      specs: [
        { group: 'Technische Daten', name: 'Grafikprozessor', value: gpuName },
        {
          group: 'Technische Daten',
          name: 'Grafikspeicher',
          value: `${chip.memory} GB ${chip.gddr}`,
        },
        { group: 'Technische Daten', name: 'Boost-Takt', value: `${boost} MHz` },
        { group: 'Technische Daten', name: 'Lüfter', value: `${fans}` },
        { group: 'Anschlüsse', name: 'Ausgänge', value: '3x DisplayPort, 1x HDMI' },
        {
          group: 'Anschlüsse',
          name: 'Stromanschluss',
          value: chip.tier >= 2 && family === 'GeForce' ? '1x 12V-2x6' : '2x 8-Pin',
        },
      ],
      teaser: `${chip.memory} GB ${chip.gddr} · Boost bis ${boost} MHz · ${fans} Lüfter · 3x DP, 1x HDMI`,
      priceEur: chip.price * (1 + rng.int(0, 18) / 100) + (oc ? 20 : 0),
      color: white ? WHITE : BLACK,
      facts: [
        `Die ${brand} ${gpuName} ${line} bringt ${chip.memory} GB ${chip.gddr} Grafikspeicher und einen Boost-Takt von bis zu ${boost} MHz mit.`,
        `Das ${line}-Kühlsystem mit ${fans} Lüftern bleibt auch unter Last leise; im Leerlauf stehen die Lüfter still.`,
        chip.tier >= 3
          ? 'Genug Leistung für Gaming in 4K mit Raytracing und für anspruchsvolle Kreativ-Anwendungen.'
          : 'Ideal für flüssiges Gaming in Full HD und WQHD.',
      ],
      maxQuantity: chip.tier >= 3 ? 2 : 3,
    }
  }
}

// Notebooks --------------------------------------------------------------------------------

/**
 * One model line with the configurations its maker sells: the processors (vendor by the line's
 * name: Lenovo's "…i" lines are Intel, the same name without "i" is AMD; ASUS "A15"/"G14" and
 * "UM…" are AMD), the graphics, the display sizes.
 */
type NotebookLine = {
  brand: string
  line: string
  mpn: string
  cpus: readonly string[]
  /** Gaming lines: the laptop GPUs offered (see LAPTOP_GPUS). */
  gpus?: readonly LaptopGpu[]
  inches: readonly string[]
  /** Extra price of the line over its kind's base (premium lines cost more). */
  premium?: number
}

type LaptopGpu = 'RTX 4050' | 'RTX 4060' | 'RTX 4070' | 'RTX 4080' | 'RTX 4090'

/** Laptop GPUs with their tier and the price band (euros) of gaming notebooks carrying them. */
export const LAPTOP_GPUS: Record<
  LaptopGpu,
  { tier: number; extra: number; band: [number, number] }
> = {
  'RTX 4050': { tier: 1, extra: 0, band: [799, 1799] },
  'RTX 4060': { tier: 1, extra: 120, band: [899, 1899] },
  'RTX 4070': { tier: 2, extra: 330, band: [1199, 2499] },
  'RTX 4080': { tier: 3, extra: 900, band: [1999, 3499] },
  'RTX 4090': { tier: 4, extra: 1500, band: [2799, 4499] },
}

const I5_HX = 'Intel Core i5-13450HX'
const I7_HX = 'Intel Core i7-14650HX'
const I7_HX2 = 'Intel Core i7-14700HX'
const I9_HX = 'Intel Core i9-14900HX'
const I7_H = 'Intel Core i7-13620H'
const U7_H = 'Intel Core Ultra 7 155H'
const U9_H = 'Intel Core Ultra 9 185H'

const GAMING_LINES: NotebookLine[] = [
  {
    brand: 'ASUS',
    line: 'ROG Strix G16',
    mpn: 'G614JV-N####W',
    cpus: [I7_HX, I9_HX],
    gpus: ['RTX 4060', 'RTX 4070', 'RTX 4080'],
    inches: ['16'],
    premium: 100,
  },
  {
    brand: 'ASUS',
    line: 'ROG Strix SCAR 18',
    mpn: 'G834JYR-R####W',
    cpus: [I9_HX],
    gpus: ['RTX 4080', 'RTX 4090'],
    inches: ['18'],
    premium: 300,
  },
  {
    brand: 'ASUS',
    line: 'TUF Gaming A15',
    mpn: 'FA507NV-LP###W',
    cpus: ['AMD Ryzen 7 7435HS', 'AMD Ryzen 7 8845HS'],
    gpus: ['RTX 4050', 'RTX 4060'],
    inches: ['15,6'],
  },
  {
    brand: 'ASUS',
    line: 'TUF Gaming F16',
    mpn: 'FX607JV-N####W',
    cpus: [I7_H, I7_HX],
    gpus: ['RTX 4050', 'RTX 4060', 'RTX 4070'],
    inches: ['16'],
  },
  {
    brand: 'ASUS',
    line: 'ROG Zephyrus G14',
    mpn: 'GA403UV-QS###W',
    cpus: ['AMD Ryzen 9 8945HS'],
    gpus: ['RTX 4060', 'RTX 4070'],
    inches: ['14'],
    premium: 350,
  },
  {
    brand: 'MSI',
    line: 'Katana 15',
    mpn: 'B13VFK-####',
    cpus: [I7_H],
    gpus: ['RTX 4050', 'RTX 4060', 'RTX 4070'],
    inches: ['15,6'],
  },
  {
    brand: 'MSI',
    line: 'Cyborg 15',
    mpn: 'A13VF-####',
    cpus: ['Intel Core i5-13420H', I7_H],
    gpus: ['RTX 4050', 'RTX 4060'],
    inches: ['15,6'],
  },
  {
    brand: 'MSI',
    line: 'Raider GE78 HX',
    mpn: '14VHG-####',
    cpus: [I9_HX],
    gpus: ['RTX 4080', 'RTX 4090'],
    inches: ['17'],
    premium: 350,
  },
  {
    brand: 'MSI',
    line: 'Stealth 16 AI Studio',
    mpn: 'A1VHG-###',
    cpus: [U9_H],
    gpus: ['RTX 4070', 'RTX 4080', 'RTX 4090'],
    inches: ['16'],
    premium: 400,
  },
  {
    brand: 'Lenovo',
    line: 'Legion 5i',
    mpn: '83DG00##GE',
    cpus: [I7_HX],
    gpus: ['RTX 4060', 'RTX 4070'],
    inches: ['16'],
    premium: 100,
  },
  {
    brand: 'Lenovo',
    line: 'Legion 5',
    mpn: '83EF00##GE',
    cpus: ['AMD Ryzen 7 8845HS'],
    gpus: ['RTX 4060', 'RTX 4070'],
    inches: ['16'],
    premium: 50,
  },
  {
    brand: 'Lenovo',
    line: 'Legion Pro 7i',
    mpn: '83DE00##GE',
    cpus: [I9_HX],
    gpus: ['RTX 4080', 'RTX 4090'],
    inches: ['16'],
    premium: 300,
  },
  {
    brand: 'Lenovo',
    line: 'LOQ 15i',
    mpn: '83GS00##GE',
    cpus: [I5_HX, I7_HX],
    gpus: ['RTX 4050', 'RTX 4060'],
    inches: ['15,6'],
  },
  {
    brand: 'Lenovo',
    line: 'LOQ 15',
    mpn: '83JC00##GE',
    cpus: ['AMD Ryzen 7 7435HS'],
    gpus: ['RTX 4050', 'RTX 4060'],
    inches: ['15,6'],
  },
  {
    brand: 'Acer',
    line: 'Nitro V 15',
    mpn: 'ANV15-51-5##X',
    cpus: ['Intel Core i5-13420H', I7_H],
    gpus: ['RTX 4050', 'RTX 4060'],
    inches: ['15,6'],
  },
  {
    brand: 'Acer',
    line: 'Predator Helios 16',
    mpn: 'PH16-72-9##Q',
    cpus: [I7_HX2, I9_HX],
    gpus: ['RTX 4070', 'RTX 4080'],
    inches: ['16'],
    premium: 200,
  },
  {
    brand: 'Acer',
    line: 'Predator Helios Neo 16',
    mpn: 'PHN16-72-7##K',
    cpus: [I7_HX2],
    gpus: ['RTX 4060', 'RTX 4070'],
    inches: ['16'],
  },
  {
    brand: 'HP',
    line: 'Victus 16',
    mpn: 'r1###ng',
    cpus: [I7_HX2, 'Intel Core i5-14450HX'],
    gpus: ['RTX 4050', 'RTX 4060'],
    inches: ['16,1'],
  },
  {
    brand: 'HP',
    line: 'OMEN 17',
    mpn: 'db0###ng',
    cpus: [I7_HX2, I9_HX],
    gpus: ['RTX 4070', 'RTX 4080'],
    inches: ['17,3'],
    premium: 150,
  },
  {
    brand: 'HP',
    line: 'OMEN Transcend 14',
    mpn: 'fb0###ng',
    cpus: [U7_H, U9_H],
    gpus: ['RTX 4050', 'RTX 4060', 'RTX 4070'],
    inches: ['14'],
    premium: 300,
  },
  {
    brand: 'Dell',
    line: 'Alienware m16 R2',
    mpn: 'AWM16R2-###',
    cpus: [U7_H, U9_H],
    gpus: ['RTX 4060', 'RTX 4070'],
    inches: ['16'],
    premium: 250,
  },
  {
    brand: 'Gigabyte',
    line: 'Aorus 16X',
    mpn: 'ASG-53DEC##SH',
    cpus: [I7_HX, I9_HX],
    gpus: ['RTX 4060', 'RTX 4070'],
    inches: ['16'],
    premium: 100,
  },
]

const U5_U = 'Intel Core Ultra 5 125U'
const U7_U = 'Intel Core Ultra 7 155U'
const U7_U2 = 'Intel Core Ultra 7 165U'
const U5_H = 'Intel Core Ultra 5 125H'
const R5_PRO = 'AMD Ryzen 5 PRO 8540U'
const R7_PRO = 'AMD Ryzen 7 PRO 8840U'

const BUSINESS_LINES: NotebookLine[] = [
  {
    brand: 'Lenovo',
    line: 'ThinkPad T14 Gen 5',
    mpn: '21ML00##GE',
    cpus: [U5_U, U7_U],
    inches: ['14'],
    premium: 250,
  },
  {
    brand: 'Lenovo',
    line: 'ThinkPad T14 Gen 5 AMD',
    mpn: '21MC00##GE',
    cpus: [R5_PRO, R7_PRO],
    inches: ['14'],
    premium: 200,
  },
  {
    brand: 'Lenovo',
    line: 'ThinkPad E16 Gen 2',
    mpn: '21MA00##GE',
    cpus: [U5_H, U7_H],
    inches: ['16'],
  },
  {
    brand: 'Lenovo',
    line: 'ThinkPad X1 Carbon Gen 12',
    mpn: '21KC00##GE',
    cpus: [U5_U, U7_U, U7_U2],
    inches: ['14'],
    premium: 900,
  },
  {
    brand: 'Lenovo',
    line: 'ThinkBook 16 G7',
    mpn: '21MS00##GE',
    cpus: [U5_U, U7_U],
    inches: ['16'],
  },
  {
    brand: 'HP',
    line: 'EliteBook 840 G11',
    mpn: 'A26S#EA',
    cpus: [U5_U, U7_U, U7_U2],
    inches: ['14'],
    premium: 450,
  },
  {
    brand: 'HP',
    line: 'EliteBook 845 G11',
    mpn: 'A37J#EA',
    cpus: [R5_PRO, R7_PRO],
    inches: ['14'],
    premium: 400,
  },
  {
    brand: 'HP',
    line: 'ProBook 450 G10',
    mpn: '85B##EA',
    cpus: ['Intel Core i5-1335U', 'Intel Core i7-1355U'],
    inches: ['15,6'],
  },
  {
    brand: 'HP',
    line: 'ZBook Firefly 14 G11',
    mpn: '86A##EA',
    cpus: [U7_U, U7_U2],
    inches: ['14'],
    premium: 800,
  },
  {
    brand: 'Dell',
    line: 'Latitude 5550',
    mpn: 'N0##L555015EMEA',
    cpus: [U5_U, U7_U],
    inches: ['15,6'],
    premium: 150,
  },
  {
    brand: 'Dell',
    line: 'Latitude 7450',
    mpn: 'N0##L745014EMEA',
    cpus: [U5_U, U7_U2],
    inches: ['14'],
    premium: 550,
  },
  {
    brand: 'Fujitsu',
    line: 'Lifebook U7414',
    mpn: 'VFY:U7414M##7ADE',
    cpus: [U5_U, U7_U],
    inches: ['14'],
    premium: 300,
  },
  {
    brand: 'ASUS',
    line: 'ExpertBook B5',
    mpn: 'B5404CMA-Q##X',
    cpus: [U5_U, U7_U],
    inches: ['14'],
    premium: 150,
  },
]

const ULTRABOOK_LINES: NotebookLine[] = [
  {
    brand: 'ASUS',
    line: 'Zenbook 14 OLED',
    mpn: 'UX3405MA-PP###W',
    cpus: [U5_H, U7_H],
    inches: ['14'],
  },
  {
    brand: 'ASUS',
    line: 'Zenbook S 16',
    mpn: 'UM5606WA-RK###W',
    cpus: ['AMD Ryzen AI 9 HX 370'],
    inches: ['16'],
    premium: 600,
  },
  {
    brand: 'Lenovo',
    line: 'Yoga Slim 7i',
    mpn: '83CV00##GE',
    cpus: ['Intel Core Ultra 5 226V', 'Intel Core Ultra 7 258V'],
    inches: ['14'],
    premium: 250,
  },
  {
    brand: 'Lenovo',
    line: 'Yoga Slim 7',
    mpn: '83HM00##GE',
    cpus: ['AMD Ryzen AI 7 350', 'AMD Ryzen AI 9 HX 370'],
    inches: ['14'],
    premium: 250,
  },
  {
    brand: 'Lenovo',
    line: 'IdeaPad Slim 5',
    mpn: '83DC00##GE',
    cpus: ['AMD Ryzen 5 8645HS', 'AMD Ryzen 7 8845HS'],
    inches: ['14', '16'],
    premium: -200,
  },
  {
    brand: 'Lenovo',
    line: 'IdeaPad Slim 5i',
    mpn: '83DA00##GE',
    cpus: [U5_H, U7_H],
    inches: ['14', '16'],
    premium: -150,
  },
  {
    brand: 'HP',
    line: 'Pavilion Plus 14',
    mpn: 'ew1###ng',
    cpus: [U5_H, U7_H],
    inches: ['14'],
    premium: -100,
  },
  {
    brand: 'HP',
    line: 'OmniBook X',
    mpn: '14-fe0###ng',
    cpus: ['Qualcomm Snapdragon X Elite X1E-78-100'],
    inches: ['14'],
    premium: 200,
  },
  {
    brand: 'Dell',
    line: 'XPS 13 9345',
    mpn: 'XPS9345-##GE',
    cpus: ['Qualcomm Snapdragon X Elite X1E-80-100', 'Qualcomm Snapdragon X Plus X1P-64-100'],
    inches: ['13,4'],
    premium: 400,
  },
  {
    brand: 'Dell',
    line: 'XPS 14 9440',
    mpn: 'XPS9440-##GE',
    cpus: [U7_H],
    inches: ['14,5'],
    premium: 700,
  },
  {
    brand: 'Acer',
    line: 'Swift Go 14',
    mpn: 'SFG14-73-7##G',
    cpus: [U5_H, U7_H],
    inches: ['14'],
    premium: -100,
  },
  {
    brand: 'Samsung',
    line: 'Galaxy Book4 Pro 14',
    mpn: 'NP940XGK-KG#DE',
    cpus: [U5_H, U7_H],
    inches: ['14'],
    premium: 400,
  },
  {
    brand: 'Microsoft',
    line: 'Surface Laptop 7',
    mpn: 'ZG#-000##',
    cpus: ['Qualcomm Snapdragon X Plus X1P-64-100', 'Qualcomm Snapdragon X Elite X1E-80-100'],
    inches: ['13,8', '15'],
    premium: 300,
  },
]

const CONVERTIBLE_LINES: NotebookLine[] = [
  { brand: 'HP', line: 'Envy x360 14', mpn: 'fa0###ng', cpus: [U5_U, U7_U], inches: ['14'] },
  {
    brand: 'HP',
    line: 'Spectre x360 14',
    mpn: 'eu0###ng',
    cpus: [U7_H],
    inches: ['14'],
    premium: 600,
  },
  {
    brand: 'Lenovo',
    line: 'Yoga 7i 2-in-1',
    mpn: '83DJ00##GE',
    cpus: [U5_U, U7_U],
    inches: ['14', '16'],
    premium: 100,
  },
  {
    brand: 'Lenovo',
    line: 'Yoga 7 2-in-1',
    mpn: '83DK00##GE',
    cpus: ['AMD Ryzen 5 8640HS', 'AMD Ryzen 7 8840HS'],
    inches: ['14'],
    premium: 50,
  },
  {
    brand: 'Lenovo',
    line: 'ThinkPad X1 2-in-1 Gen 9',
    mpn: '21KE00##GE',
    cpus: [U5_U, U7_U],
    inches: ['14'],
    premium: 1000,
  },
  {
    brand: 'ASUS',
    line: 'Vivobook S 14 Flip',
    mpn: 'TP3402VA-LZ###W',
    cpus: ['Intel Core i5-13500H', 'Intel Core i7-13700H'],
    inches: ['14'],
    premium: -50,
  },
  {
    brand: 'Microsoft',
    line: 'Surface Pro 11',
    mpn: 'ZIA-000##',
    cpus: ['Qualcomm Snapdragon X Plus X1P-64-100', 'Qualcomm Snapdragon X Elite X1E-80-100'],
    inches: ['13'],
    premium: 300,
  },
  {
    brand: 'Dell',
    line: 'Inspiron 14 2-in-1',
    mpn: 'N##14I7440-2in1',
    cpus: ['Intel Core i5-1335U', U5_U],
    inches: ['14'],
  },
  {
    brand: 'Acer',
    line: 'Aspire Spin 14',
    mpn: 'ASP14-51MTN-5##T',
    cpus: ['Intel Core 5 120U', 'Intel Core 7 150U'],
    inches: ['14'],
    premium: -100,
  },
]

/** The processor family filter value: "Intel Core Ultra 7", "AMD Ryzen 9", "Apple M4 Pro". */
export function cpuFamily(cpu: string): string {
  const match =
    /^(Intel Core Ultra \d|Intel Core i\d|Intel Core \d|AMD Ryzen \d|AMD Ryzen AI \d|Apple M\d( Pro| Max)?|Qualcomm Snapdragon X\w*( \w+)?)/.exec(
      cpu,
    )
  return match?.[0] ?? cpu
}

/** The integrated graphics of a processor (what an office notebook shows as its GPU). */
export function integratedGraphics(cpu: string): string {
  if (cpu.startsWith('Qualcomm')) return 'Qualcomm Adreno'
  if (/Ryzen AI/.test(cpu)) return 'AMD Radeon 890M'
  if (cpu.startsWith('AMD'))
    return /8[68]40|8[68]45/.test(cpu) ? 'AMD Radeon 780M' : 'AMD Radeon Graphics'
  if (/Ultra \d 2\d\dV/.test(cpu)) return 'Intel Arc 140V'
  if (/Ultra \d 1\d\dH/.test(cpu)) return 'Intel Arc Graphics'
  return 'Intel Graphics'
}

function notebook(kind: 'gaming' | 'business' | 'ultrabook' | 'convertible') {
  const lines =
    kind === 'gaming'
      ? GAMING_LINES
      : kind === 'business'
        ? BUSINESS_LINES
        : kind === 'ultrabook'
          ? ULTRABOOK_LINES
          : CONVERTIBLE_LINES
  return (rng: Rng): GeneratedProduct => {
    const line = rng.pick(lines)
    const cpu = rng.pick(line.cpus)
    const gpuKey = line.gpus ? rng.pick(line.gpus) : null
    const gpuTier = gpuKey ? LAPTOP_GPUS[gpuKey].tier : 0
    const gpu = gpuKey ? `GeForce ${gpuKey}` : integratedGraphics(cpu)
    const inches = rng.pick(line.inches)
    let hz: number
    let resolution: string
    let os: string
    let ram: number
    let panel: string
    let col: ProductColor
    let base: number
    if (kind === 'gaming') {
      hz = gpuTier >= 3 ? 240 : rng.pick([144, 165, 165])
      resolution = gpuTier >= 3 ? 'QHD+' : rng.pick(['Full HD', 'WQXGA', 'WQXGA'])
      os = rng.chance(0.85) ? 'Windows 11 Home' : 'ohne Betriebssystem'
      ram = gpuTier >= 3 ? rng.pick([32, 32, 64]) : gpuTier === 2 ? rng.pick([16, 32]) : 16
      panel = line.line.includes('Zephyrus') || line.line.includes('Transcend') ? 'OLED' : 'IPS'
      col = rng.pick([BLACK, BLACK, color('Eclipse Grau', 'Grau', '#4b5563')])
      base = 799
    } else if (kind === 'business') {
      hz = 60
      resolution = rng.pick(['Full HD', 'WUXGA', 'WUXGA', '2,8K'])
      os = 'Windows 11 Pro'
      ram = rng.pick([8, 16, 16, 32])
      panel = 'IPS'
      col = rng.pick([BLACK, color('Silber', 'Silber'), color('Mineralgrau', 'Grau')])
      base = 749
    } else if (kind === 'ultrabook') {
      hz = rng.pick([60, 90, 120])
      resolution = rng.pick(['2,8K', '3K', 'WUXGA', 'Full HD'])
      os = cpu.startsWith('Qualcomm') ? 'Windows 11 Home (Arm)' : 'Windows 11 Home'
      ram = /2\d\dV/.test(cpu) ? rng.pick([16, 32]) : rng.pick([16, 16, 32])
      panel = line.line.includes('OLED') ? 'OLED' : rng.pick(['OLED', 'IPS'])
      col = rng.pick([
        color('Ponder Blue', 'Blau', '#1e3a8a'),
        color('Platinsilber', 'Silber'),
        color('Graphit', 'Grau', '#374151'),
        color('Sandstein', 'Beige'),
      ])
      base = 899
    } else {
      hz = rng.pick([60, 120])
      resolution = rng.pick(['WUXGA', '2,8K'])
      os = cpu.startsWith('Qualcomm') ? 'Windows 11 Home (Arm)' : 'Windows 11 Home'
      ram = rng.pick([8, 16, 16])
      panel = rng.pick(['IPS', 'OLED'])
      col = rng.pick([color('Silber', 'Silber'), color('Nachtblau', 'Blau', '#1e3a8a'), BLACK])
      base = 799
    }
    const ssd = gpuTier >= 3 ? rng.pick([1024, 2048]) : rng.pick([512, 1024, 1024, 2048])
    const ssdText = ssd >= 1024 ? `${ssd / 1024} TB` : `${ssd} GB`
    const mpn = mpnFor(rng, line.mpn)
    const cpuShort = cpu.replace(/^(Intel|AMD|Qualcomm) /, '')
    const gpuShort = gpu.replace(/^GeForce /, '')
    // The name says what differs between two configurations of one line (shops list them so).
    const name = `${line.brand} ${line.line}, ${inches}", ${cpuShort}, ${kind === 'gaming' ? `${gpuShort}, ` : ''}${ram} GB RAM, ${ssdText} SSD, ${kind === 'gaming' ? '' : `${panel}, `}${col.name}`
    return {
      name,
      line: `${line.brand} ${line.line}`,
      brand: line.brand,
      mpn,
      attributes: {
        prozessor: cpuFamily(cpu),
        grafikkarte: gpu,
        arbeitsspeicher: `${ram} GB`,
        speicherkapazitaet: ssdText,
        displaygroesse: `${inches} Zoll`,
        bildwiederholrate: `${hz} Hz`,
        betriebssystem: os,
        farbe: col.family,
      },
      specs: [
        ...displaySpecs(inches, resolution, hz, panel),
        { group: 'Prozessor', name: 'Prozessor', value: cpu },
        { group: 'Arbeitsspeicher', name: 'Arbeitsspeicher', value: `${ram} GB` },
        { group: 'Festplatte', name: 'SSD', value: `${ssdText} M.2 NVMe` },
        { group: 'Grafik', name: 'Grafikkarte', value: gpu },
        { group: 'Software', name: 'Betriebssystem', value: os },
        { group: 'Allgemein', name: 'Farbe', value: col.name },
      ],
      teaser: `${cm(inches)} (${inches}") ${resolution} ${hz} Hz · ${cpuShort} · ${ram} GB RAM · ${ssdText} SSD · ${gpuShort}`,
      priceEur:
        base +
        (line.premium ?? 0) +
        (gpuKey ? LAPTOP_GPUS[gpuKey].extra : 0) +
        (ram - 16) * 9 +
        (ssd - 512) * 0.12 +
        (/i9|Ultra 9|Ryzen 9|Ryzen AI 9|X Elite/.test(cpu)
          ? 250
          : /i7|Ultra 7|Ryzen 7|Core 7/.test(cpu)
            ? 100
            : 0) +
        rng.int(0, 20) * 10,
      color: col,
      facts: [
        `Das ${line.brand} ${line.line} kombiniert einen ${cpu} mit ${ram} GB Arbeitsspeicher und einer schnellen ${ssdText} SSD.`,
        `Das ${inches}-Zoll-Display (${resolution}, ${hz} Hz, ${panel}) ${kind === 'gaming' ? 'sorgt für flüssige Bilder in schnellen Spielen' : 'ist hell und blickwinkelstabil'}.`,
        kind === 'gaming'
          ? `Mit der ${gpu} Laptop-GPU spielst du aktuelle Titel in hohen Details.`
          : `Ausgeliefert mit ${os}; ideal für Studium, Büro und unterwegs.`,
      ],
      maxQuantity: 3,
      campus: true,
    }
  }
}

/**
 * Apple's configurations as sold in Germany (standard configurations plus the common
 * build-to-order ones retailers list), with Apple's price in euros; shops sell a little below.
 */
export const MAC_CONFIGS: readonly {
  model: string
  chip: string
  inches: string
  colors: readonly string[]
  configs: readonly (readonly [ram: number, ssd: number, price: number])[]
}[] = [
  {
    model: 'MacBook Air 13" M3 (2024)',
    chip: 'Apple M3',
    inches: '13,6',
    colors: ['Mitternacht', 'Polarstern', 'Space Grau', 'Silber'],
    configs: [
      [16, 256, 1099],
      [16, 512, 1329],
      [24, 512, 1559],
    ],
  },
  {
    model: 'MacBook Air 13" M4 (2025)',
    chip: 'Apple M4',
    inches: '13,6',
    colors: ['Mitternacht', 'Polarstern', 'Silber', 'Himmelblau'],
    configs: [
      [16, 256, 1199],
      [16, 512, 1449],
      [24, 512, 1699],
      [32, 1024, 2159],
    ],
  },
  {
    model: 'MacBook Air 15" M4 (2025)',
    chip: 'Apple M4',
    inches: '15,3',
    colors: ['Mitternacht', 'Polarstern', 'Silber', 'Himmelblau'],
    configs: [
      [16, 256, 1499],
      [16, 512, 1749],
      [24, 512, 1999],
      [32, 1024, 2459],
    ],
  },
  {
    model: 'MacBook Pro 14" M4 (2024)',
    chip: 'Apple M4',
    inches: '14,2',
    colors: ['Space Schwarz', 'Silber'],
    configs: [
      [16, 512, 1899],
      [16, 1024, 2129],
      [24, 1024, 2359],
      [32, 1024, 2589],
    ],
  },
  {
    model: 'MacBook Pro 14" M4 Pro (2024)',
    chip: 'Apple M4 Pro',
    inches: '14,2',
    colors: ['Space Schwarz', 'Silber'],
    configs: [
      [24, 512, 2399],
      [24, 1024, 2899],
      [48, 1024, 3359],
    ],
  },
  {
    model: 'MacBook Pro 16" M4 Pro (2024)',
    chip: 'Apple M4 Pro',
    inches: '16,2',
    colors: ['Space Schwarz', 'Silber'],
    configs: [
      [24, 512, 2899],
      [48, 512, 3359],
    ],
  },
  {
    model: 'MacBook Pro 16" M4 Max (2024)',
    chip: 'Apple M4 Max',
    inches: '16,2',
    colors: ['Space Schwarz', 'Silber'],
    configs: [
      [36, 1024, 4249],
      [48, 1024, 4849],
    ],
  },
]

/** Mac mini configurations (Apple's price). */
export const MAC_MINI_CONFIGS: readonly (readonly [
  chip: string,
  ram: number,
  ssd: number,
  price: number,
])[] = [
  ['Apple M4', 16, 256, 699],
  ['Apple M4', 16, 512, 929],
  ['Apple M4', 24, 512, 1159],
  ['Apple M4 Pro', 24, 512, 1649],
  ['Apple M4 Pro', 48, 1024, 2339],
]

const MAC_COLORS: Record<string, ProductColor> = {
  Mitternacht: color('Mitternacht', 'Blau', '#1f2a44'),
  Polarstern: color('Polarstern', 'Beige', '#ebe6dc'),
  'Space Grau': color('Space Grau', 'Grau', '#5b5d61'),
  Silber: color('Silber', 'Silber'),
  Himmelblau: color('Himmelblau', 'Blau', '#a7c0d8'),
  'Space Schwarz': color('Space Schwarz', 'Schwarz', '#2e2e30'),
}

function capacityText(gb: number): string {
  return gb >= 1024 ? `${gb / 1024} TB` : `${gb} GB`
}

function macbook(rng: Rng): GeneratedProduct {
  const mac = rng.pick(MAC_CONFIGS)
  const [ram, ssd, applePrice] = rng.pick(mac.configs)
  const ssdText = capacityText(ssd)
  const col = MAC_COLORS[rng.pick(mac.colors)] ?? MAC_COLORS.Silber ?? BLACK
  const mpn = mpnFor(rng, 'MX#A#D/A')
  return {
    name: `Apple ${mac.model}, ${ram} GB RAM, ${ssdText} SSD, ${col.name}`,
    line: `Apple ${mac.model.replace(/ \(\d{4}\)$/, '')}`,
    brand: 'Apple',
    mpn,
    attributes: {
      prozessor: cpuFamily(mac.chip),
      grafikkarte: `${mac.chip} GPU`,
      arbeitsspeicher: `${ram} GB`,
      speicherkapazitaet: ssdText,
      displaygroesse: `${mac.inches} Zoll`,
      betriebssystem: 'macOS',
      farbe: col.family,
    },
    specs: [
      { group: 'Display', name: 'Bildschirmdiagonale', value: `${mac.inches}" Liquid Retina` },
      { group: 'Prozessor', name: 'Chip', value: mac.chip },
      { group: 'Arbeitsspeicher', name: 'Gemeinsamer Arbeitsspeicher', value: `${ram} GB` },
      { group: 'Festplatte', name: 'SSD', value: ssdText },
      { group: 'Software', name: 'Betriebssystem', value: 'macOS' },
      { group: 'Allgemein', name: 'Farbe', value: col.name },
    ],
    teaser: `${mac.inches}" Liquid Retina · ${mac.chip} · ${ram} GB RAM · ${ssdText} SSD · ${col.name}`,
    // Shops sell Macs up to ~8 % below Apple's price.
    priceEur: applePrice * (1 - rng.int(0, 8) / 100),
    color: col,
    facts: [
      `Das ${mac.model} mit ${mac.chip} ist leise, schnell und hält einen ganzen Tag durch.`,
      `${ram} GB gemeinsamer Arbeitsspeicher und ${ssdText} SSD-Speicher; Farbe ${col.name}.`,
      'Mit deinem Campus-Konto bekommst du viele MacBooks zum Campus-Preis.',
    ],
    maxQuantity: 2,
    campus: true,
  }
}

// PCs -----------------------------------------------------------------------------------------

/** Desktop processors of ready-made PCs with their tier (1 entry, 4 high end). */
export const PC_CPUS: Record<string, number> = {
  'AMD Ryzen 5 7600': 1,
  'AMD Ryzen 7 7700': 2,
  'AMD Ryzen 7 7800X3D': 3,
  'AMD Ryzen 7 9800X3D': 4,
  'AMD Ryzen 9 9950X3D': 4,
  'Intel Core i5-14400F': 1,
  'Intel Core i5-14600KF': 2,
  'Intel Core i7-14700F': 3,
  'Intel Core Ultra 7 265K': 3,
  'Intel Core Ultra 9 285K': 4,
}

/** Desktop graphics of ready-made PCs: tier and extra price; the PC's price band by tier. */
export const PC_GPUS: Record<string, { tier: number; extra: number }> = {
  'GeForce RTX 4060': { tier: 1, extra: 0 },
  'Radeon RX 7600': { tier: 1, extra: -30 },
  'GeForce RTX 5060 Ti': { tier: 2, extra: 260 },
  'GeForce RTX 4070 Super': { tier: 2, extra: 350 },
  'GeForce RTX 5070': { tier: 2, extra: 380 },
  'Radeon RX 7800 XT': { tier: 2, extra: 250 },
  'Radeon RX 9070 XT': { tier: 3, extra: 480 },
  'GeForce RTX 5070 Ti': { tier: 3, extra: 650 },
  'GeForce RTX 5080': { tier: 4, extra: 1050 },
  'GeForce RTX 5090': { tier: 4, extra: 2300 },
}
export const PC_PRICE_BANDS: Record<number, [number, number]> = {
  1: [799, 1499],
  2: [1099, 2199],
  3: [1499, 2899],
  4: [2199, 4999],
}

/** Gaming PC lines: the CPU vendor the line's name promises ("…i" Intel, "R"/"A" AMD). */
const GAMING_PC_LINES: readonly {
  brand: string
  line: string
  vendor: 'Intel' | 'AMD' | 'both'
  white?: boolean
}[] = [
  { brand: 'Bitwerk', line: 'Gaming-PC Nova', vendor: 'AMD' },
  { brand: 'Bitwerk', line: 'Gaming-PC Vortex', vendor: 'Intel' },
  { brand: 'Bitwerk', line: 'Gaming-PC Titan', vendor: 'both' },
  { brand: 'Bitwerk', line: 'Gaming-PC Pulsar', vendor: 'both', white: true },
  { brand: 'Captiva', line: 'Advanced Gaming R', vendor: 'AMD' },
  { brand: 'Captiva', line: 'Highend Gaming I', vendor: 'Intel' },
  { brand: 'MSI', line: 'MAG Infinite S3', vendor: 'Intel' },
  { brand: 'MSI', line: 'MPG Trident AS', vendor: 'Intel' },
  { brand: 'Lenovo', line: 'Legion Tower 5i', vendor: 'Intel' },
  { brand: 'Lenovo', line: 'Legion Tower 5', vendor: 'AMD' },
  { brand: 'Lenovo', line: 'Legion Tower 7i', vendor: 'Intel' },
  { brand: 'HP', line: 'OMEN 25L', vendor: 'both' },
  { brand: 'HP', line: 'OMEN 35L', vendor: 'both' },
  { brand: 'HP', line: 'Victus 15L', vendor: 'both' },
  { brand: 'Acer', line: 'Predator Orion 3000', vendor: 'Intel' },
  { brand: 'Medion', line: 'Erazer Engineer X20', vendor: 'Intel' },
]

function gamingPc(rng: Rng): GeneratedProduct {
  const pc = rng.pick(GAMING_PC_LINES)
  // A processor of the GPU's tier or one next to it, of the vendor the line's name promises
  // (the high-end Legion Tower 7i only with the upper tiers).
  const cpusFor = (gpuTier: number) =>
    Object.entries(PC_CPUS).filter(
      ([cpu, tier]) =>
        Math.abs(tier - gpuTier) <= 1 &&
        (pc.vendor === 'both' || cpu.startsWith(pc.vendor)) &&
        !(pc.line === 'Legion Tower 7i' && tier < 3),
    )
  const [gpu, gpuFacts] = rng.pick(
    Object.entries(PC_GPUS).filter(([, facts]) => cpusFor(facts.tier).length > 0),
  )
  const [cpu, cpuTier] = rng.pick(cpusFor(gpuFacts.tier))
  const ram = gpuFacts.tier >= 3 ? rng.pick([32, 64]) : rng.pick([16, 32])
  const ssd = gpuFacts.tier >= 3 ? rng.pick(['1 TB', '2 TB']) : rng.pick(['1 TB', '1 TB', '2 TB'])
  const mpn = mpnFor(rng, 'BW-G##-@###')
  const cpuShort = cpu.replace(/^(Intel|AMD) /, '')
  const white = pc.white === true && rng.chance(0.5)
  const psu =
    gpuFacts.tier >= 4 ? 1000 : gpuFacts.tier === 3 ? 850 : gpuFacts.tier === 2 ? 750 : 650
  return {
    name: `${pc.brand} ${pc.line}, ${cpuShort}, ${gpu.replace(/^(GeForce|Radeon) /, '')}, ${ram} GB RAM, ${ssd} SSD${white ? ', Weiß' : ''}`,
    line: `${pc.brand} ${pc.line}`,
    brand: pc.brand,
    mpn,
    attributes: {
      prozessor: cpuFamily(cpu),
      grafikkarte: gpu,
      arbeitsspeicher: `${ram} GB`,
      speicherkapazitaet: ssd,
      betriebssystem: 'Windows 11 Home',
      farbe: white ? 'Weiß' : 'Schwarz',
    },
    specs: [
      { group: 'Prozessor', name: 'Prozessor', value: cpu },
      { group: 'Grafik', name: 'Grafikkarte', value: gpu },
      { group: 'Arbeitsspeicher', name: 'Arbeitsspeicher', value: `${ram} GB DDR5` },
      { group: 'Festplatte', name: 'SSD', value: `${ssd} M.2 NVMe` },
      { group: 'Gehäuse', name: 'Netzteil', value: `${psu} W 80 PLUS Gold` },
    ],
    teaser: `${cpuShort} · ${gpu} · ${ram} GB DDR5 · ${ssd} SSD · WLAN`,
    priceEur:
      849 +
      gpuFacts.extra +
      (cpuTier - 1) * 120 +
      (ram - 16) * 4 +
      (ssd === '2 TB' ? 90 : 0) +
      rng.int(0, 15) * 10,
    color: white ? WHITE : BLACK,
    facts: [
      `Der ${pc.brand} ${pc.line} wird mit ${cpu} und ${gpu} montiert und vor dem Versand getestet.`,
      `${ram} GB DDR5-Arbeitsspeicher und eine ${ssd} NVMe-SSD machen Ladezeiten kurz.`,
      gpuFacts.tier >= 3
        ? 'Ideal für Gaming in WQHD und 4K sowie für Streaming.'
        : 'Ideal für Gaming in Full HD und WQHD.',
    ],
    maxQuantity: 2,
    campus: true,
  }
}

function officePc(mini: boolean) {
  const models: readonly (readonly [
    brand: string,
    line: string,
    mpn: string,
    cpus: readonly string[],
  ])[] = mini
    ? [
        [
          'ASUS',
          'NUC 14 Pro',
          'RNUC14RVK#000##',
          ['Intel Core Ultra 5 125H', 'Intel Core Ultra 7 155H'],
        ],
        [
          'ASUS',
          'ExpertCenter PN53',
          '90MR00S#-M00##0',
          ['AMD Ryzen 5 7535H', 'AMD Ryzen 7 7735H'],
        ],
        ['Minisforum', 'UM790 Pro', 'UM790-##', ['AMD Ryzen 9 7940HS']],
        ['Minisforum', 'MS-01', 'MS01-##', ['Intel Core i9-13900H', 'Intel Core i5-12600H']],
        ['Beelink', 'SER7', 'SER7-##', ['AMD Ryzen 7 7840HS']],
        ['Beelink', 'EQ12', 'EQ12-##', ['Intel N100']],
        [
          'Lenovo',
          'ThinkCentre M75q Gen 5',
          '12SL00##GE',
          ['AMD Ryzen 5 PRO 8500GE', 'AMD Ryzen 7 PRO 8700GE'],
        ],
        ['HP', 'Elite Mini 800 G9', '5V8##EA', ['Intel Core i5-13500T', 'Intel Core i7-13700T']],
      ]
    : [
        [
          'Lenovo',
          'ThinkCentre M70s Gen 5',
          '12U800##GE',
          ['Intel Core i3-14100', 'Intel Core i5-14500', 'Intel Core i7-14700'],
        ],
        [
          'Lenovo',
          'ThinkCentre neo 50t Gen 5',
          '12UD00##GE',
          ['Intel Core i3-14100', 'Intel Core i5-14400'],
        ],
        ['HP', 'Pro Tower 400 G9', '6U4##EA', ['Intel Core i3-13100', 'Intel Core i5-13500']],
        ['HP', 'Elite Tower 800 G9', '5V7##EA', ['Intel Core i5-13500', 'Intel Core i7-13700']],
        ['HP', 'Pro Tower 405 G1', '9M9##EA', ['AMD Ryzen 5 8600G', 'AMD Ryzen 7 8700G']],
        [
          'Dell',
          'OptiPlex Tower Plus 7020',
          'N##O7020MTEMEA',
          ['Intel Core i5-14500', 'Intel Core i7-14700'],
        ],
        [
          'Dell',
          'OptiPlex Small 7020',
          'N##O7020SFFEMEA',
          ['Intel Core i3-14100', 'Intel Core i5-14500'],
        ],
        [
          'Fujitsu',
          'Esprimo P9012',
          'VFY:P9012P##1DE',
          ['Intel Core i5-12500', 'Intel Core i7-12700'],
        ],
        ['Medion', 'Akoya E62', 'MD3##', ['AMD Ryzen 5 8600G', 'AMD Ryzen 7 8700G']],
      ]
  return (rng: Rng): GeneratedProduct => {
    // Mac mini: only Apple's configurations.
    const apple = mini && rng.chance(0.15)
    if (apple) {
      const [chip, ram, ssdGb, applePrice] = rng.pick(MAC_MINI_CONFIGS)
      const ssd = capacityText(ssdGb)
      const model = `Mac mini ${chip.replace('Apple ', '')} (2024)`
      return {
        name: `Apple ${model}, ${ram} GB RAM, ${ssd} SSD`,
        line: 'Apple Mac mini',
        brand: 'Apple',
        mpn: mpnFor(rng, 'MU9#3D/A'),
        attributes: {
          prozessor: cpuFamily(chip),
          arbeitsspeicher: `${ram} GB`,
          speicherkapazitaet: ssd,
          betriebssystem: 'macOS',
          farbe: 'Silber',
        },
        specs: [
          { group: 'Prozessor', name: 'Chip', value: chip },
          { group: 'Arbeitsspeicher', name: 'Gemeinsamer Arbeitsspeicher', value: `${ram} GB` },
          { group: 'Festplatte', name: 'SSD', value: ssd },
          { group: 'Software', name: 'Betriebssystem', value: 'macOS' },
          { group: 'Anschlüsse', name: 'Netzwerk', value: 'Gigabit-LAN, WLAN 6E, Bluetooth 5.3' },
        ],
        teaser: `${chip} · ${ram} GB RAM · ${ssd} SSD · macOS`,
        priceEur: applePrice * (1 - rng.int(0, 6) / 100),
        color: color('Silber', 'Silber'),
        facts: [
          `Der ${model} arbeitet mit ${chip}, ${ram} GB gemeinsamem Arbeitsspeicher und ${ssd} SSD.`,
          'Passt hinter jeden Monitor und verbraucht im Leerlauf nur wenige Watt.',
          'Vorinstalliert: macOS.',
        ],
        campus: true,
      }
    }
    const [brand, line, pattern, cpus] = rng.pick(models)
    const cpu = rng.pick(cpus)
    const ram = cpu === 'Intel N100' ? 16 : rng.pick([8, 16, 16, 32])
    const ssd = rng.pick(['256 GB', '512 GB', '512 GB', '1 TB'])
    const mpn = mpnFor(rng, pattern)
    const os = rng.chance(0.7) ? 'Windows 11 Pro' : 'Windows 11 Home'
    const cpuShort = cpu.replace(/^(Intel|AMD) /, '')
    return {
      name: `${brand} ${line}, ${cpuShort}, ${ram} GB RAM, ${ssd} SSD, ${os.replace('Windows 11', 'Win 11')}`,
      line: `${brand} ${line}`,
      brand,
      mpn,
      attributes: {
        prozessor: cpuFamily(cpu),
        arbeitsspeicher: `${ram} GB`,
        speicherkapazitaet: ssd,
        betriebssystem: os,
        farbe: 'Schwarz',
      },
      specs: [
        { group: 'Prozessor', name: 'Prozessor', value: cpu },
        { group: 'Arbeitsspeicher', name: 'Arbeitsspeicher', value: `${ram} GB` },
        { group: 'Festplatte', name: 'SSD', value: ssd },
        { group: 'Software', name: 'Betriebssystem', value: os },
        { group: 'Anschlüsse', name: 'Netzwerk', value: '2,5-Gbit-LAN, WLAN 6E, Bluetooth 5.3' },
      ],
      teaser: `${cpuShort} · ${ram} GB RAM · ${ssd} SSD · ${os}`,
      priceEur:
        (mini ? 299 : 499) +
        (ram - 8) * 6 +
        (/i7|Ryzen 7|Ryzen 9|i9|Ultra 7/.test(cpu) ? 180 : /i3|N100/.test(cpu) ? -60 : 0) +
        rng.int(0, 15) * 10,
      color: BLACK,
      facts: [
        `Der ${brand} ${line} arbeitet mit ${cpu}, ${ram} GB Arbeitsspeicher und ${ssd} SSD.`,
        mini
          ? 'Passt hinter jeden Monitor und verbraucht im Leerlauf nur wenige Watt.'
          : 'Leise im Betrieb und gut erweiterbar: zwei freie Speicherplätze und PCIe-Slots.',
        `Vorinstalliert: ${os}.`,
      ],
      campus: true,
    }
  }
}

// Components ----------------------------------------------------------------------------------

const CPUS = [
  ['AMD', 'Ryzen 5 5600', 6, 12, '3.50-4.40', 'AM4', 99],
  ['AMD', 'Ryzen 7 5700X3D', 8, 16, '3.00-4.10', 'AM4', 199],
  ['AMD', 'Ryzen 7 5800X3D', 8, 16, '3.40-4.50', 'AM4', 269],
  ['AMD', 'Ryzen 5 7600', 6, 12, '3.80-5.10', 'AM5', 179],
  ['AMD', 'Ryzen 5 7600X', 6, 12, '4.70-5.30', 'AM5', 199],
  ['AMD', 'Ryzen 5 8600G', 6, 12, '4.30-5.00', 'AM5', 189],
  ['AMD', 'Ryzen 5 9600X', 6, 12, '3.90-5.40', 'AM5', 229],
  ['AMD', 'Ryzen 7 7700', 8, 16, '3.80-5.30', 'AM5', 249],
  ['AMD', 'Ryzen 7 7800X3D', 8, 16, '4.20-5.00', 'AM5', 379],
  ['AMD', 'Ryzen 7 9700X', 8, 16, '3.80-5.50', 'AM5', 329],
  ['AMD', 'Ryzen 7 9800X3D', 8, 16, '4.70-5.20', 'AM5', 479],
  ['AMD', 'Ryzen 9 7900X', 12, 24, '4.70-5.60', 'AM5', 379],
  ['AMD', 'Ryzen 9 9900X', 12, 24, '4.40-5.60', 'AM5', 449],
  ['AMD', 'Ryzen 9 9950X', 16, 32, '4.30-5.70', 'AM5', 629],
  ['AMD', 'Ryzen 9 9950X3D', 16, 32, '4.30-5.70', 'AM5', 729],
  ['Intel', 'Core i3-14100F', 4, 8, '3.50-4.70', 'LGA1700', 99],
  ['Intel', 'Core i5-14400F', 10, 16, '2.50-4.70', 'LGA1700', 179],
  ['Intel', 'Core i5-14600K', 14, 20, '3.50-5.30', 'LGA1700', 269],
  ['Intel', 'Core i5-14600KF', 14, 20, '3.50-5.30', 'LGA1700', 249],
  ['Intel', 'Core i7-14700K', 20, 28, '3.40-5.60', 'LGA1700', 379],
  ['Intel', 'Core i7-14700KF', 20, 28, '3.40-5.60', 'LGA1700', 359],
  ['Intel', 'Core i9-14900K', 24, 32, '3.20-6.00', 'LGA1700', 529],
  ['Intel', 'Core Ultra 5 245K', 14, 14, '4.20-5.20', 'LGA1851', 299],
  ['Intel', 'Core Ultra 7 265K', 20, 20, '3.90-5.50', 'LGA1851', 399],
  ['Intel', 'Core Ultra 9 285K', 24, 24, '3.70-5.70', 'LGA1851', 599],
] as const

function processor(rng: Rng): GeneratedProduct {
  const [brand, model, cores, threads, clock, socket, price] = rng.pick(CPUS)
  const tray = rng.chance(0.25)
  const cooler = !tray && brand === 'AMD' && (model.endsWith('00') || model.endsWith('G'))
  const packaging = tray ? 'tray' : cooler ? 'boxed mit Kühler' : 'boxed ohne Kühler'
  const coreText = String(cores)
  return {
    name: `${brand} ${model}, ${cores}C/${threads}T, ${clock.replace('-', ' - ')} GHz, ${packaging}`,
    line: cpuFamily(`${brand} ${model}`),
    brand,
    mpn: brand === 'AMD' ? mpnFor(rng, '100-1000001##WOF') : mpnFor(rng, 'BX80715###'),
    attributes: {
      prozessor: cpuFamily(`${brand} ${model}`),
      kerne: `${coreText} Kerne`,
      sockel: socket,
    },
    specs: [
      { group: 'Technische Daten', name: 'Kerne / Threads', value: `${cores} / ${threads}` },
      { group: 'Technische Daten', name: 'Takt (Basis - Boost)', value: `${clock} GHz` },
      { group: 'Technische Daten', name: 'Sockel', value: socket },
      { group: 'Lieferumfang', name: 'Verpackung', value: packaging },
    ],
    teaser: `${cores} Kerne / ${threads} Threads · ${clock} GHz · Sockel ${socket} · ${packaging}`,
    priceEur: price * (tray ? 0.94 : 1) * (1 + rng.int(0, 8) / 100),
    color: color('Silber', 'Silber', '#9ca3af'),
    facts: [
      `Der ${brand} ${model} bietet ${cores} Kerne und ${threads} Threads mit bis zu ${clock.split('-')[1]} GHz.`,
      `Passt auf Mainboards mit Sockel ${socket}.`,
      tray
        ? 'Tray-Version: ohne Verpackung und Kühler, mit Herstellergarantie.'
        : `Verpackung: ${packaging}.`,
    ],
    maxQuantity: 3,
  }
}

function memory(rng: Rng): GeneratedProduct {
  const [brand, line] = rng.pick([
    ['Kingston', 'FURY Beast'],
    ['Kingston', 'FURY Renegade'],
    ['Corsair', 'Vengeance'],
    ['Corsair', 'Vengeance RGB'],
    ['Corsair', 'Dominator Titanium RGB'],
    ['G.Skill', 'Trident Z5 RGB'],
    ['G.Skill', 'Flare X5'],
    ['G.Skill', 'Ripjaws S5'],
    ['Crucial', 'Pro'],
    ['Crucial', 'Classic'],
    ['TeamGroup', 'T-Force Delta RGB'],
    ['Patriot', 'Viper Venom'],
  ] as const)
  const ddr4 = rng.chance(0.2)
  const kit = rng.pick(ddr4 ? [16, 32, 32, 64] : [32, 32, 48, 64, 96])
  const speed = ddr4 ? rng.pick([3200, 3600]) : rng.pick([5200, 5600, 6000, 6000, 6400, 7200])
  const cl = ddr4 ? (speed === 3200 ? 16 : 18) : Math.round(speed / 200) - rng.int(0, 2)
  const col = rng.pick([BLACK, BLACK, WHITE, color('Silber', 'Silber')])
  const type = ddr4 ? 'DDR4' : 'DDR5'
  return {
    name: `${brand} ${line} DIMM Kit ${kit} GB, ${type}-${speed}, CL${cl}, ${col.name}`,
    line: `${brand} ${line}`,
    brand,
    mpn: modelMpn(rng, line),
    attributes: {
      arbeitsspeicher: `${kit} GB`,
      speichertyp: type,
      farbe: col.family,
    },
    specs: [
      { group: 'Technische Daten', name: 'Kapazität', value: `${kit} GB (2x ${kit / 2} GB)` },
      { group: 'Technische Daten', name: 'Typ', value: `${type}-${speed}` },
      { group: 'Technische Daten', name: 'Latenz', value: `CL${cl}` },
      { group: 'Technische Daten', name: 'Profil', value: ddr4 ? 'XMP 2.0' : 'XMP 3.0, AMD EXPO' },
    ],
    teaser: `${kit} GB (2x ${kit / 2} GB) · ${type}-${speed} · CL${cl} · ${line.includes('RGB') ? 'RGB-Beleuchtung' : 'Heatspreader'}`,
    priceEur: kit * (ddr4 ? 1.7 : 2.6) + (speed > 6000 ? 25 : 0) + (line.includes('RGB') ? 15 : 0),
    color: col,
    facts: [
      `Das ${brand} ${line} Kit besteht aus zwei Modulen mit zusammen ${kit} GB ${type}.`,
      `Mit ${speed} MT/s und CL${cl} ist es ideal für Gaming-PCs.`,
      'Lebenslange Herstellergarantie.',
    ],
  }
}

function ssd(rng: Rng): GeneratedProduct {
  const [brand, model, iface, form, perTb] = rng.pick([
    ['Samsung', '990 PRO', 'PCIe 4.0 NVMe', 'M.2 2280', 110],
    ['Samsung', '990 EVO Plus', 'PCIe 4.0 NVMe', 'M.2 2280', 85],
    ['Samsung', '9100 PRO', 'PCIe 5.0 NVMe', 'M.2 2280', 170],
    ['Samsung', '870 EVO', 'SATA', '2,5 Zoll', 80],
    ['WD', 'WD_BLACK SN850X', 'PCIe 4.0 NVMe', 'M.2 2280', 95],
    ['WD', 'WD Blue SN580', 'PCIe 4.0 NVMe', 'M.2 2280', 65],
    ['WD', 'WD_BLACK SN7100', 'PCIe 4.0 NVMe', 'M.2 2280', 80],
    ['Crucial', 'T500', 'PCIe 4.0 NVMe', 'M.2 2280', 80],
    ['Crucial', 'T705', 'PCIe 5.0 NVMe', 'M.2 2280', 160],
    ['Crucial', 'P3 Plus', 'PCIe 4.0 NVMe', 'M.2 2280', 60],
    ['Crucial', 'MX500', 'SATA', '2,5 Zoll', 70],
    ['Kingston', 'KC3000', 'PCIe 4.0 NVMe', 'M.2 2280', 85],
    ['Kingston', 'NV3', 'PCIe 4.0 NVMe', 'M.2 2280', 55],
    ['Lexar', 'NM790', 'PCIe 4.0 NVMe', 'M.2 2280', 70],
    ['Seagate', 'FireCuda 530R', 'PCIe 4.0 NVMe', 'M.2 2280', 100],
    ['Corsair', 'MP600 PRO LPX', 'PCIe 4.0 NVMe', 'M.2 2280', 90],
  ] as const)
  const tb = rng.pick([0.5, 1, 1, 2, 2, 4])
  const capacity = tb < 1 ? '500 GB' : `${tb} TB`
  const read =
    iface === 'SATA' ? 560 : iface.includes('5.0') ? 14500 : rng.pick([5000, 7000, 7300, 7450])
  return {
    name: `${brand} ${model} SSD ${capacity}, ${form}, ${iface}`,
    line: `${brand} ${model}`,
    brand,
    mpn: modelMpn(rng, model),
    attributes: {
      speicherkapazitaet: capacity,
      schnittstelle: iface,
      formfaktor: form,
    },
    specs: [
      { group: 'Technische Daten', name: 'Kapazität', value: capacity },
      { group: 'Technische Daten', name: 'Schnittstelle', value: iface },
      { group: 'Technische Daten', name: 'Formfaktor', value: form },
      { group: 'Leistung', name: 'Lesen', value: `bis ${read.toLocaleString('de-DE')} MB/s` },
      { group: 'Leistung', name: 'TBW', value: `${Math.round(tb * 600)} TB` },
    ],
    teaser: `${capacity} · ${form} · ${iface} · Lesen bis ${read.toLocaleString('de-DE')} MB/s`,
    priceEur: Math.max(39, perTb * tb * (tb >= 4 ? 0.95 : 1)),
    color: BLACK,
    facts: [
      `Die ${brand} ${model} liest mit bis zu ${read.toLocaleString('de-DE')} MB/s.`,
      `${capacity} Speicherplatz im Formfaktor ${form} (${iface}).`,
      '5 Jahre Herstellergarantie.',
    ],
  }
}

const BOARDS = [
  ['ASUS', 'ROG Strix B650E-F Gaming WIFI', 'B650E', 'AM5', 'ATX', 269],
  ['ASUS', 'TUF Gaming B650-Plus WIFI', 'B650', 'AM5', 'ATX', 189],
  ['ASUS', 'Prime B760M-A WIFI', 'B760', 'LGA1700', 'Micro-ATX', 139],
  ['ASUS', 'ROG Strix Z790-E Gaming WIFI II', 'Z790', 'LGA1700', 'ATX', 449],
  ['ASUS', 'TUF Gaming Z890-Plus WIFI', 'Z890', 'LGA1851', 'ATX', 299],
  ['ASUS', 'ROG Crosshair X870E Hero', 'X870E', 'AM5', 'ATX', 699],
  ['MSI', 'MAG B650 Tomahawk WIFI', 'B650', 'AM5', 'ATX', 199],
  ['MSI', 'PRO B760-P WIFI DDR4', 'B760', 'LGA1700', 'ATX', 129],
  ['MSI', 'MAG X870 Tomahawk WIFI', 'X870', 'AM5', 'ATX', 299],
  ['MSI', 'B650M Gaming Plus WIFI', 'B650', 'AM5', 'Micro-ATX', 149],
  ['MSI', 'MPG B650I Edge WIFI', 'B650', 'AM5', 'Mini-ITX', 249],
  ['Gigabyte', 'B650 Aorus Elite AX', 'B650', 'AM5', 'ATX', 199],
  ['Gigabyte', 'X870E Aorus Master', 'X870E', 'AM5', 'ATX', 549],
  ['Gigabyte', 'B760M DS3H', 'B760', 'LGA1700', 'Micro-ATX', 99],
  ['Gigabyte', 'Z790 Aorus Elite AX', 'Z790', 'LGA1700', 'ATX', 249],
  ['ASRock', 'B650M Pro RS', 'B650', 'AM5', 'Micro-ATX', 139],
  ['ASRock', 'X670E Taichi', 'X670E', 'AM5', 'E-ATX', 499],
  ['ASRock', 'Z890 Steel Legend WiFi', 'Z890', 'LGA1851', 'ATX', 279],
  ['ASRock', 'B550M Pro4', 'B550', 'AM4', 'Micro-ATX', 99],
] as const

function mainboard(rng: Rng): GeneratedProduct {
  const [brand, model, chipset, socket, form, price] = rng.pick(BOARDS)
  const ddr = model.includes('DDR4') || socket === 'AM4' ? 'DDR4' : 'DDR5'
  return {
    name: `${brand} ${model}`,
    line: `${brand} ${model
      .split(' ')
      .slice(0, model.startsWith('ROG') || model.startsWith('TUF') ? 2 : 1)
      .join(' ')}`,
    brand,
    mpn: modelMpn(rng, model),
    attributes: { chipsatz: chipset, sockel: socket, formfaktor: form, speichertyp: ddr },
    specs: [
      { group: 'Technische Daten', name: 'Sockel', value: socket },
      { group: 'Technische Daten', name: 'Chipsatz', value: chipset },
      { group: 'Technische Daten', name: 'Formfaktor', value: form },
      { group: 'Technische Daten', name: 'Arbeitsspeicher', value: `4x ${ddr}` },
      { group: 'Anschlüsse', name: 'M.2-Slots', value: String(rng.int(2, 5)) },
    ],
    teaser: `Sockel ${socket} · Chipsatz ${chipset} · ${form} · ${ddr} · ${model.includes('WIFI') || model.includes('WiFi') || model.includes('AX') ? 'WLAN' : 'LAN'}`,
    priceEur: price * (1 + rng.int(0, 10) / 100),
    color: BLACK,
    facts: [
      `Das ${brand} ${model} ist ein ${form}-Mainboard mit ${chipset}-Chipsatz für Sockel ${socket}.`,
      `Es unterstützt ${ddr}-Arbeitsspeicher und schnelle M.2-SSDs.`,
    ],
  }
}

function powerSupply(rng: Rng): GeneratedProduct {
  const [brand, line, cert] = rng.pick([
    ['be quiet!', 'Pure Power 12 M', '80 PLUS Gold'],
    ['be quiet!', 'Straight Power 12', '80 PLUS Platinum'],
    ['be quiet!', 'Dark Power 13', '80 PLUS Titanium'],
    ['be quiet!', 'System Power 10', '80 PLUS Bronze'],
    ['Corsair', 'RMe', '80 PLUS Gold'],
    ['Corsair', 'RMx Shift', '80 PLUS Gold'],
    ['Corsair', 'HXi', '80 PLUS Platinum'],
    ['Corsair', 'CX', '80 PLUS Bronze'],
    ['Seasonic', 'Focus GX', '80 PLUS Gold'],
    ['Seasonic', 'Prime TX', '80 PLUS Titanium'],
    ['MSI', 'MAG A-GL PCIE5', '80 PLUS Gold'],
    ['Cooler Master', 'MWE Gold V2', '80 PLUS Gold'],
  ] as const)
  const watts = rng.pick([550, 650, 750, 750, 850, 850, 1000, 1200])
  const modular = !line.includes('System') && line !== 'CX'
  const factor = cert.includes('Titanium')
    ? 0.32
    : cert.includes('Platinum')
      ? 0.24
      : cert.includes('Gold')
        ? 0.15
        : 0.1
  return {
    name: `${brand} ${line} ${watts}W, ATX 3.1, ${cert}${modular ? ', vollmodular' : ''}`,
    line: `${brand} ${line}`,
    brand,
    mpn: modelMpn(rng, line),
    attributes: { leistung: `${watts} W`, zertifizierung: cert, formfaktor: 'ATX' },
    specs: [
      { group: 'Technische Daten', name: 'Leistung', value: `${watts} W` },
      { group: 'Technische Daten', name: 'Effizienz', value: cert },
      {
        group: 'Technische Daten',
        name: 'Kabelmanagement',
        value: modular ? 'vollmodular' : 'fest',
      },
      {
        group: 'Anschlüsse',
        name: 'PCIe',
        value: watts >= 750 ? '1x 12V-2x6, 4x 6+2-Pin' : '2x 6+2-Pin',
      },
    ],
    teaser: `${watts} W · ${cert} · ATX 3.1 · ${modular ? 'vollmodular' : 'Kabel fest'} · leiser 135-mm-Lüfter`,
    priceEur: 40 + watts * factor,
    color: BLACK,
    facts: [
      `Das ${brand} ${line} liefert ${watts} W mit ${cert}-Effizienz.`,
      'Nach ATX 3.1 mit nativem 12V-2x6-Anschluss für aktuelle Grafikkarten.',
    ],
  }
}

function pcCase(rng: Rng): GeneratedProduct {
  const [brand, model, form] = rng.pick([
    ['Fractal Design', 'North', 'ATX'],
    ['Fractal Design', 'Pop Air', 'ATX'],
    ['Fractal Design', 'Meshify 2 Compact', 'ATX'],
    ['Fractal Design', 'Terra', 'Mini-ITX'],
    ['be quiet!', 'Pure Base 500DX', 'ATX'],
    ['be quiet!', 'Shadow Base 800 FX', 'ATX'],
    ['be quiet!', 'Light Base 900', 'E-ATX'],
    ['Lian Li', 'O11 Dynamic EVO', 'ATX'],
    ['Lian Li', 'Lancool 216', 'ATX'],
    ['NZXT', 'H5 Flow', 'ATX'],
    ['NZXT', 'H6 Flow', 'ATX'],
    ['Corsair', '4000D Airflow', 'ATX'],
    ['Corsair', '3500X', 'ATX'],
    ['Phanteks', 'XT Pro', 'ATX'],
    ['Cooler Master', 'MasterBox Q300L', 'Micro-ATX'],
  ] as const)
  const col = rng.pick([BLACK, BLACK, WHITE, color('Charcoal Black', 'Schwarz', '#27272a')])
  const glass = rng.chance(0.8)
  return {
    name: `${brand} ${model}${glass ? ' TG' : ''}, ${col.name}`,
    line: `${brand} ${model}`,
    brand,
    mpn: modelMpn(rng, model),
    attributes: { formfaktor: form, farbe: col.family },
    specs: [
      { group: 'Technische Daten', name: 'Mainboard', value: `bis ${form}` },
      {
        group: 'Technische Daten',
        name: 'Seitenteil',
        value: glass ? 'Glasfenster (Tempered Glass)' : 'geschlossen',
      },
      { group: 'Technische Daten', name: 'Lüfter vorinstalliert', value: String(rng.int(1, 4)) },
      { group: 'Technische Daten', name: 'Max. Grafikkartenlänge', value: `${rng.int(33, 43)} cm` },
    ],
    teaser: `${form} · ${glass ? 'Glasfenster' : 'geschlossenes Seitenteil'} · ${col.name} · USB-C vorne`,
    priceEur: 59 + rng.int(0, 15) * 10,
    color: col,
    facts: [`Das ${brand} ${model} nimmt Mainboards bis ${form} auf.`, `Farbe: ${col.name}.`],
  }
}

// Monitors and TVs (with EU energy label A-G) ---------------------------------------------------

type Screen = {
  brand: string
  model: string
  /** The series (drawing); monitors: the brand's line, the model's first word. */
  line?: string
  inches: string
  res: string
  hz: number
  panel: string
  price: number
}

const RESOLUTION_PIXELS: Record<string, string> = {
  'Full HD': '1.920 x 1.080',
  WQHD: '2.560 x 1.440',
  '4K UHD': '3.840 x 2.160',
  UWQHD: '3.440 x 1.440',
  UW5K: '5.120 x 2.160',
  DQHD: '5.120 x 1.440',
}

const GAMING_MONITORS: Screen[] = [
  {
    brand: 'LG',
    model: 'UltraGear 27GR93U-B',
    inches: '27',
    res: '4K UHD',
    hz: 144,
    panel: 'IPS',
    price: 499,
  },
  {
    brand: 'LG',
    model: 'UltraGear 27GS95QE-B',
    inches: '27',
    res: 'WQHD',
    hz: 240,
    panel: 'OLED',
    price: 799,
  },
  {
    brand: 'LG',
    model: 'UltraGear 24GS60F-B',
    inches: '24',
    res: 'Full HD',
    hz: 180,
    panel: 'IPS',
    price: 149,
  },
  {
    brand: 'ASUS',
    model: 'ROG Swift PG27AQDM',
    inches: '27',
    res: 'WQHD',
    hz: 240,
    panel: 'OLED',
    price: 749,
  },
  {
    brand: 'ASUS',
    model: 'TUF Gaming VG27AQ3A',
    inches: '27',
    res: 'WQHD',
    hz: 180,
    panel: 'IPS',
    price: 229,
  },
  {
    brand: 'ASUS',
    model: 'ROG Strix XG27ACS',
    inches: '27',
    res: 'WQHD',
    hz: 180,
    panel: 'IPS',
    price: 299,
  },
  {
    brand: 'Samsung',
    model: 'Odyssey G5 S27CG554E',
    inches: '27',
    res: 'WQHD',
    hz: 165,
    panel: 'VA',
    price: 229,
  },
  {
    brand: 'Samsung',
    model: 'Odyssey OLED G8 S32DG800',
    inches: '32',
    res: '4K UHD',
    hz: 240,
    panel: 'OLED',
    price: 1099,
  },
  {
    brand: 'MSI',
    model: 'MAG 274QRF QD E2',
    inches: '27',
    res: 'WQHD',
    hz: 180,
    panel: 'IPS',
    price: 279,
  },
  {
    brand: 'MSI',
    model: 'MPG 321URX QD-OLED',
    inches: '32',
    res: '4K UHD',
    hz: 240,
    panel: 'OLED',
    price: 999,
  },
  {
    brand: 'MSI',
    model: 'G255F',
    inches: '24,5',
    res: 'Full HD',
    hz: 180,
    panel: 'IPS',
    price: 129,
  },
  {
    brand: 'AOC',
    model: '24G2SAE/BK',
    inches: '23,8',
    res: 'Full HD',
    hz: 165,
    panel: 'VA',
    price: 139,
  },
  { brand: 'AOC', model: 'Q27G3XMN', inches: '27', res: 'WQHD', hz: 180, panel: 'VA', price: 249 },
  {
    brand: 'Dell',
    model: 'Alienware AW2725DF',
    inches: '27',
    res: 'WQHD',
    hz: 360,
    panel: 'OLED',
    price: 899,
  },
  { brand: 'Dell', model: 'G2724D', inches: '27', res: 'WQHD', hz: 165, panel: 'IPS', price: 259 },
  {
    brand: 'Gigabyte',
    model: 'M27Q X',
    inches: '27',
    res: 'WQHD',
    hz: 240,
    panel: 'IPS',
    price: 379,
  },
  {
    brand: 'BenQ',
    model: 'Mobiuz EX2710Q',
    inches: '27',
    res: 'WQHD',
    hz: 165,
    panel: 'IPS',
    price: 349,
  },
  {
    brand: 'BenQ',
    model: 'Zowie XL2546X',
    inches: '24,5',
    res: 'Full HD',
    hz: 240,
    panel: 'TN',
    price: 499,
  },
]
const OFFICE_MONITORS: Screen[] = [
  {
    brand: 'Dell',
    model: 'P2425H',
    inches: '23,8',
    res: 'Full HD',
    hz: 100,
    panel: 'IPS',
    price: 179,
  },
  {
    brand: 'Dell',
    model: 'UltraSharp U2724D',
    inches: '27',
    res: 'WQHD',
    hz: 120,
    panel: 'IPS',
    price: 399,
  },
  { brand: 'Dell', model: 'P2723DE', inches: '27', res: 'WQHD', hz: 60, panel: 'IPS', price: 329 },
  {
    brand: 'LG',
    model: '27MR400-B',
    inches: '27',
    res: 'Full HD',
    hz: 100,
    panel: 'IPS',
    price: 119,
  },
  {
    brand: 'LG',
    model: '27UP850K-W',
    inches: '27',
    res: '4K UHD',
    hz: 60,
    panel: 'IPS',
    price: 379,
  },
  {
    brand: 'HP',
    model: 'E24 G5',
    inches: '23,8',
    res: 'Full HD',
    hz: 75,
    panel: 'IPS',
    price: 189,
  },
  {
    brand: 'HP',
    model: 'Series 5 527sh',
    inches: '27',
    res: 'Full HD',
    hz: 100,
    panel: 'IPS',
    price: 159,
  },
  {
    brand: 'Philips',
    model: '243V7QDAB',
    inches: '23,8',
    res: 'Full HD',
    hz: 75,
    panel: 'IPS',
    price: 99,
  },
  {
    brand: 'Philips',
    model: '27E1N1300A',
    inches: '27',
    res: 'Full HD',
    hz: 100,
    panel: 'IPS',
    price: 139,
  },
  {
    brand: 'iiyama',
    model: 'ProLite XUB2493HS-B6',
    inches: '23,8',
    res: 'Full HD',
    hz: 100,
    panel: 'IPS',
    price: 129,
  },
  {
    brand: 'iiyama',
    model: 'ProLite XUB2792QSU-B6',
    inches: '27',
    res: 'WQHD',
    hz: 100,
    panel: 'IPS',
    price: 229,
  },
  {
    brand: 'Lenovo',
    model: 'ThinkVision T24i-30',
    inches: '23,8',
    res: 'Full HD',
    hz: 60,
    panel: 'IPS',
    price: 169,
  },
  {
    brand: 'Lenovo',
    model: 'ThinkVision P27h-30',
    inches: '27',
    res: 'WQHD',
    hz: 60,
    panel: 'IPS',
    price: 349,
  },
  {
    brand: 'EIZO',
    model: 'FlexScan EV2480',
    inches: '23,8',
    res: 'Full HD',
    hz: 60,
    panel: 'IPS',
    price: 349,
  },
  {
    brand: 'BenQ',
    model: 'GW2790',
    inches: '27',
    res: 'Full HD',
    hz: 100,
    panel: 'IPS',
    price: 129,
  },
]
const ULTRAWIDE_MONITORS: Screen[] = [
  {
    brand: 'LG',
    model: 'UltraWide 34WQ75C-B',
    inches: '34',
    res: 'UWQHD',
    hz: 60,
    panel: 'IPS',
    price: 449,
  },
  {
    brand: 'LG',
    model: 'UltraWide 40WP95CP-W',
    inches: '40',
    res: 'UW5K',
    hz: 72,
    panel: 'IPS',
    price: 1399,
  },
  {
    brand: 'Samsung',
    model: 'Odyssey G9 S49CG954',
    inches: '49',
    res: 'DQHD',
    hz: 240,
    panel: 'VA',
    price: 999,
  },
  {
    brand: 'Samsung',
    model: 'ViewFinity S65UC',
    inches: '34',
    res: 'UWQHD',
    hz: 100,
    panel: 'VA',
    price: 429,
  },
  {
    brand: 'Dell',
    model: 'UltraSharp U3425WE',
    inches: '34',
    res: 'UWQHD',
    hz: 120,
    panel: 'IPS',
    price: 899,
  },
  {
    brand: 'Dell',
    model: 'S3422DWG',
    inches: '34',
    res: 'UWQHD',
    hz: 144,
    panel: 'VA',
    price: 379,
  },
  {
    brand: 'AOC',
    model: 'CU34G2XP/BK',
    inches: '34',
    res: 'UWQHD',
    hz: 180,
    panel: 'VA',
    price: 329,
  },
  {
    brand: 'Philips',
    model: '346E2CUAE',
    inches: '34',
    res: 'UWQHD',
    hz: 100,
    panel: 'VA',
    price: 349,
  },
  {
    brand: 'MSI',
    model: 'MAG 342CQRF',
    inches: '34',
    res: 'UWQHD',
    hz: 180,
    panel: 'VA',
    price: 329,
  },
]

/**
 * TV series with the sizes (inches, price in euros) their maker sells; the model code carries the
 * size as the maker writes it ("GQ55Q80D", "OLED65C47LA", "K-65XR80").
 */
export const TV_SERIES: readonly {
  brand: string
  series: string
  code: (inches: number) => string
  res: string
  hz: number
  panel: string
  sizes: readonly (readonly [inches: number, price: number])[]
}[] = [
  {
    brand: 'Samsung',
    series: 'Q80D',
    code: (n) => `GQ${n}Q80D`,
    res: '4K UHD',
    hz: 120,
    panel: 'QLED',
    sizes: [
      [50, 799],
      [55, 899],
      [65, 1199],
      [75, 1599],
    ],
  },
  {
    brand: 'Samsung',
    series: 'QN90D',
    code: (n) => `GQ${n}QN90D`,
    res: '4K UHD',
    hz: 144,
    panel: 'Neo QLED',
    sizes: [
      [55, 1399],
      [65, 1799],
      [75, 2499],
    ],
  },
  {
    brand: 'Samsung',
    series: 'DU7179',
    code: (n) => `GU${n}DU7179`,
    res: '4K UHD',
    hz: 60,
    panel: 'LED',
    sizes: [
      [43, 349],
      [50, 399],
      [55, 449],
      [65, 599],
    ],
  },
  {
    brand: 'Samsung',
    series: 'S95D',
    code: (n) => `GQ${n}S95D`,
    res: '4K UHD',
    hz: 144,
    panel: 'OLED',
    sizes: [
      [55, 2199],
      [65, 2799],
      [77, 4299],
    ],
  },
  {
    brand: 'LG',
    series: 'OLED C4',
    code: (n) => `OLED${n}C47LA`,
    res: '4K UHD',
    hz: 144,
    panel: 'OLED',
    sizes: [
      [42, 999],
      [48, 1099],
      [55, 1199],
      [65, 1699],
      [77, 2799],
    ],
  },
  {
    brand: 'LG',
    series: 'OLED G4',
    code: (n) => `OLED${n}G48LW`,
    res: '4K UHD',
    hz: 144,
    panel: 'OLED',
    sizes: [
      [55, 1999],
      [65, 2599],
    ],
  },
  {
    brand: 'LG',
    series: 'QNED82',
    code: (n) => `${n}QNED82T6C`,
    res: '4K UHD',
    hz: 60,
    panel: 'QNED',
    sizes: [
      [50, 599],
      [55, 649],
      [65, 799],
    ],
  },
  {
    brand: 'LG',
    series: 'UT73',
    code: (n) => `${n}UT73006LA`,
    res: '4K UHD',
    hz: 60,
    panel: 'LED',
    sizes: [
      [43, 329],
      [50, 379],
      [55, 429],
    ],
  },
  {
    brand: 'Sony',
    series: 'Bravia 8',
    code: (n) => `Bravia 8 K-${n}XR80`,
    res: '4K UHD',
    hz: 120,
    panel: 'OLED',
    sizes: [
      [55, 1699],
      [65, 2299],
      [77, 3299],
    ],
  },
  {
    brand: 'Sony',
    series: 'Bravia 9',
    code: (n) => `Bravia 9 K-${n}XR90`,
    res: '4K UHD',
    hz: 120,
    panel: 'Mini-LED',
    sizes: [
      [65, 2999],
      [75, 3799],
      [85, 4999],
    ],
  },
  {
    brand: 'Sony',
    series: 'X75WL',
    code: (n) => `KD-${n}X75WL`,
    res: '4K UHD',
    hz: 60,
    panel: 'LED',
    sizes: [
      [43, 499],
      [50, 599],
      [55, 699],
      [65, 849],
    ],
  },
  {
    brand: 'Philips',
    series: 'OLED809',
    code: (n) => `${n}OLED809/12`,
    res: '4K UHD',
    hz: 120,
    panel: 'OLED',
    sizes: [
      [48, 999],
      [55, 1099],
      [65, 1599],
    ],
  },
  {
    brand: 'Philips',
    series: 'PUS8009',
    code: (n) => `${n}PUS8009/12`,
    res: '4K UHD',
    hz: 60,
    panel: 'LED',
    sizes: [
      [43, 449],
      [50, 499],
      [55, 549],
      [65, 699],
    ],
  },
  {
    brand: 'TCL',
    series: 'C805',
    code: (n) => `${n}C805`,
    res: '4K UHD',
    hz: 144,
    panel: 'Mini-LED',
    sizes: [
      [55, 699],
      [65, 899],
      [75, 1199],
      [85, 1699],
    ],
  },
  {
    brand: 'TCL',
    series: 'C855',
    code: (n) => `${n}C855`,
    res: '4K UHD',
    hz: 144,
    panel: 'Mini-LED',
    sizes: [
      [65, 1099],
      [75, 1499],
      [85, 1999],
    ],
  },
  {
    brand: 'TCL',
    series: 'P755',
    code: (n) => `${n}P755`,
    res: '4K UHD',
    hz: 60,
    panel: 'LED',
    sizes: [
      [43, 279],
      [50, 329],
      [55, 379],
      [65, 499],
    ],
  },
  {
    brand: 'Panasonic',
    series: 'MZ800',
    code: (n) => `TX-${n}MZ800E`,
    res: '4K UHD',
    hz: 120,
    panel: 'OLED',
    sizes: [
      [55, 1299],
      [65, 1699],
    ],
  },
  {
    brand: 'Hisense',
    series: 'U7NQ',
    code: (n) => `${n}U7NQ`,
    res: '4K UHD',
    hz: 144,
    panel: 'Mini-LED',
    sizes: [
      [55, 749],
      [65, 949],
      [75, 1299],
    ],
  },
  {
    brand: 'Hisense',
    series: 'U8NQ',
    code: (n) => `${n}U8NQ`,
    res: '4K UHD',
    hz: 144,
    panel: 'Mini-LED',
    sizes: [
      [55, 999],
      [65, 1199],
      [75, 1499],
    ],
  },
]

const TVS: Screen[] = TV_SERIES.flatMap((series) =>
  series.sizes.map(([inches, price]) => ({
    brand: series.brand,
    model: series.code(inches),
    line: `${series.brand} ${series.series}`,
    inches: String(inches),
    res: series.res,
    hz: series.hz,
    panel: series.panel,
    price,
  })),
)

const ENERGY_CLASSES: EnergyClass[] = ['A', 'B', 'C', 'D', 'E', 'F', 'G']

function screenProduct(kind: 'gaming' | 'office' | 'ultrawide' | 'tv', list: Screen[]) {
  return (rng: Rng): GeneratedProduct => {
    const screen = rng.pick(list)
    const diagonal = Number(screen.inches.replace(',', '.'))
    // Labels of real displays: office monitors mostly D-E, fast gaming and big screens E-G.
    const classIndex = Math.min(
      6,
      Math.max(
        0,
        (kind === 'office' ? 3 : kind === 'tv' ? 4 : 4) +
          (screen.hz >= 200 ? 1 : 0) +
          (diagonal >= 60 ? 1 : 0) +
          rng.int(-1, 1),
      ),
    )
    const energyClass = ENERGY_CLASSES[classIndex] ?? 'F'
    const kwh = Math.round(
      diagonal * diagonal * (kind === 'tv' ? 0.028 : 0.03) + classIndex * 4 + rng.int(0, 6),
    )
    const tv = kind === 'tv'
    const col = BLACK
    const inches = screen.inches
    const name = tv
      ? `${screen.brand} ${screen.model}, ${inches}" (${cm(inches).replace(',0 cm', ' cm')}), ${screen.res}, ${screen.panel}, Smart TV`
      : `${screen.brand} ${screen.model}, ${inches}" (${cm(inches)}), ${screen.res}, ${screen.hz} Hz, ${screen.panel}`
    return {
      name,
      line: screen.line ?? `${screen.brand} ${screen.model.split(' ')[0]}`,
      brand: screen.brand,
      mpn: modelMpn(rng, screen.model),
      attributes: {
        displaygroesse: `${inches} Zoll`,
        aufloesung: screen.res,
        bildwiederholrate: `${screen.hz} Hz`,
        paneltyp: screen.panel,
        farbe: col.family,
      },
      specs: [
        ...displaySpecs(
          inches,
          `${screen.res} (${RESOLUTION_PIXELS[screen.res] ?? ''})`,
          screen.hz,
          screen.panel,
        ),
        tv
          ? { group: 'Ausstattung', name: 'Smart TV', value: 'ja, mit Apps und Sprachsteuerung' }
          : { group: 'Anschlüsse', name: 'Anschlüsse', value: 'HDMI 2.1, DisplayPort 1.4, USB-C' },
        {
          group: 'Ausstattung',
          name: tv ? 'HDR' : 'Ergonomie',
          value: tv ? 'HDR10, HLG, Dolby Vision' : 'höhenverstellbar, neigbar, Pivot',
        },
      ],
      teaser: `${cm(inches)} (${inches}") · ${screen.res} · ${screen.hz} Hz · ${screen.panel}${tv ? ' · Smart TV' : ''}`,
      priceEur: screen.price * (1 + rng.int(-5, 12) / 100),
      color: col,
      energy: { energyClass, kwh },
      facts: [
        `Der ${screen.brand} ${screen.model} zeigt ${screen.res} auf ${inches} Zoll (${cm(inches)}).`,
        tv
          ? `Das ${screen.panel}-Panel mit ${screen.hz} Hz liefert kräftige Farben und tiefes Schwarz.`
          : `Mit ${screen.hz} Hz und ${screen.panel}-Panel ${kind === 'gaming' ? 'bleiben schnelle Szenen scharf' : 'arbeitest du entspannt auch lange Tage'}.`,
        `Energieeffizienzklasse ${energyClass} (Skala A bis G), ${kwh} kWh/1000 h im SDR-Modus.`,
      ],
      maxQuantity: screen.price > 1500 ? 2 : 5,
      campus: !tv,
    }
  }
}

// Phones and tablets (EU energy label since June 2025) ---------------------------------------

const PHONES = [
  [
    'Apple',
    'iPhone 16',
    '6,1',
    949,
    [
      'Schwarz:Schwarz',
      'Weiß:Weiß',
      'Ultramarin:Blau:#4f66d6',
      'Blaugrün:Grün:#5f8f8a',
      'Pink:Rosa',
    ],
  ],
  [
    'Apple',
    'iPhone 16 Plus',
    '6,7',
    1099,
    ['Schwarz:Schwarz', 'Ultramarin:Blau:#4f66d6', 'Pink:Rosa'],
  ],
  [
    'Apple',
    'iPhone 16 Pro',
    '6,3',
    1199,
    [
      'Titan Schwarz:Schwarz:#3b3b3d',
      'Titan Weiß:Weiß',
      'Titan Natur:Beige:#bfb6a8',
      'Titan Wüstensand:Gold:#c4a987',
    ],
  ],
  [
    'Apple',
    'iPhone 16 Pro Max',
    '6,9',
    1449,
    ['Titan Schwarz:Schwarz:#3b3b3d', 'Titan Natur:Beige:#bfb6a8', 'Titan Wüstensand:Gold:#c4a987'],
  ],
  ['Apple', 'iPhone 16e', '6,1', 699, ['Schwarz:Schwarz', 'Weiß:Weiß']],
  [
    'Samsung',
    'Galaxy S25',
    '6,2',
    899,
    ['Icyblue:Blau:#a9c6e8', 'Navy:Blau:#1e2a4a', 'Mint:Grün:#b7dfc8', 'Silver Shadow:Silber'],
  ],
  [
    'Samsung',
    'Galaxy S25+',
    '6,7',
    1149,
    ['Icyblue:Blau:#a9c6e8', 'Navy:Blau:#1e2a4a', 'Silver Shadow:Silber'],
  ],
  [
    'Samsung',
    'Galaxy S25 Ultra',
    '6,9',
    1449,
    ['Titanium Silverblue:Blau:#8aa1b8', 'Titanium Black:Schwarz:#2d2d2f', 'Titanium Gray:Grau'],
  ],
  [
    'Samsung',
    'Galaxy A56 5G',
    '6,7',
    479,
    ['Awesome Graphite:Schwarz:#2f2f33', 'Awesome Lightgray:Grau:#d1d5db', 'Awesome Pink:Rosa'],
  ],
  [
    'Samsung',
    'Galaxy A16 5G',
    '6,7',
    229,
    ['Blue Black:Schwarz:#1f2937', 'Light Green:Grün:#bbd7b7', 'Light Gray:Grau:#d1d5db'],
  ],
  [
    'Samsung',
    'Galaxy Z Flip6',
    '6,7',
    1199,
    ['Blue:Blau', 'Mint:Grün:#b7dfc8', 'Silver Shadow:Silber', 'Yellow:Gold:#f3d36b'],
  ],
  [
    'Google',
    'Pixel 9',
    '6,3',
    899,
    [
      'Obsidian:Schwarz:#202124',
      'Porcelain:Beige:#efe9e1',
      'Wintergreen:Grün:#a8c5a8',
      'Peony:Rosa:#f1a7c0',
    ],
  ],
  [
    'Google',
    'Pixel 9 Pro',
    '6,3',
    1099,
    [
      'Obsidian:Schwarz:#202124',
      'Porcelain:Beige:#efe9e1',
      'Hazel:Grau:#8d9188',
      'Rose Quartz:Rosa:#efc8c8',
    ],
  ],
  [
    'Google',
    'Pixel 9a',
    '6,3',
    549,
    ['Obsidian:Schwarz:#202124', 'Porcelain:Beige:#efe9e1', 'Iris:Violett:#9b8fd8'],
  ],
  ['Xiaomi', '15', '6,36', 999, ['Schwarz:Schwarz', 'Weiß:Weiß', 'Grün:Grün']],
  [
    'Xiaomi',
    'Redmi Note 14 Pro 5G',
    '6,67',
    399,
    ['Midnight Black:Schwarz', 'Ocean Blue:Blau:#2b6cb0', 'Coral Green:Grün:#4fa38a'],
  ],
  [
    'Motorola',
    'edge 50 neo',
    '6,4',
    449,
    ['Grisaille:Grau', 'Nautical Blue:Blau:#1e3a8a', 'Latte:Beige'],
  ],
  [
    'Motorola',
    'moto g85 5G',
    '6,67',
    299,
    ['Cobalt Blue:Blau:#1d4ed8', 'Olive Green:Grün:#556b2f', 'Urban Grey:Grau'],
  ],
  [
    'OnePlus',
    '13',
    '6,82',
    999,
    ['Black Eclipse:Schwarz', 'Arctic Dawn:Weiß', 'Midnight Ocean:Blau:#1e3a8a'],
  ],
  ['Nothing', 'Phone (3a)', '6,77', 349, ['Schwarz:Schwarz', 'Weiß:Weiß', 'Blau:Blau']],
  [
    'Fairphone',
    'Fairphone 5',
    '6,46',
    699,
    ['Matte Black:Schwarz', 'Sky Blue:Blau:#7cb4e0', 'Transparent Edition:Grau:#9ca3af'],
  ],
] as const

/** Storage sizes (GB) each phone is sold with (Apple's allow-list included). */
export const PHONE_STORAGE: Record<string, readonly number[]> = {
  'iPhone 16': [128, 256, 512],
  'iPhone 16 Plus': [128, 256, 512],
  'iPhone 16 Pro': [128, 256, 512, 1024],
  'iPhone 16 Pro Max': [256, 512, 1024],
  'iPhone 16e': [128, 256, 512],
  'Galaxy S25': [128, 256],
  'Galaxy S25+': [256, 512],
  'Galaxy S25 Ultra': [256, 512, 1024],
  'Galaxy A56 5G': [128, 256],
  'Galaxy A16 5G': [128],
  'Galaxy Z Flip6': [256, 512],
  'Pixel 9': [128, 256],
  'Pixel 9 Pro': [128, 256, 512, 1024],
  'Pixel 9a': [128, 256],
  '15': [256, 512],
  'Redmi Note 14 Pro 5G': [256],
  'edge 50 neo': [256],
  'moto g85 5G': [256],
  '13': [256, 512],
  'Phone (3a)': [128, 256],
  'Fairphone 5': [256],
}

/** Extra price of each storage step above the smallest (Apple: +130 €, +250 €, +250 €). */
function storageExtra(brand: string, sizes: readonly number[], storage: number): number {
  const steps = brand === 'Apple' ? [130, 250, 250] : [60, 120, 240]
  return steps.slice(0, Math.max(0, sizes.indexOf(storage))).reduce((a, b) => a + b, 0)
}

function parseColor(spec: string): ProductColor {
  const [name = 'Schwarz', family = 'Schwarz', hex] = spec.split(':')
  return color(name, family as ColorFamily, hex)
}

function phone(rng: Rng): GeneratedProduct {
  const [brand, model, inches, price, colors] = rng.pick(PHONES)
  const sizes = PHONE_STORAGE[model] ?? [128]
  const storage = rng.pick(sizes)
  const col = parseColor(rng.pick(colors))
  const storageText = capacityText(storage)
  // The label belongs to the model (one class for every storage size and colour).
  const energyClass = (['A', 'B', 'C'] as const)[hashText(model) % 3] ?? 'B'
  const displayName = brand === 'Fairphone' ? model : `${brand} ${model}`
  return {
    name: `${displayName} ${storageText}, ${col.name}`,
    line: displayName,
    brand,
    mpn: mpnFor(rng, 'MYE##ZD/A'),
    attributes: {
      speicherkapazitaet: storageText,
      displaygroesse: `${inches} Zoll`,
      betriebssystem: brand === 'Apple' ? 'iOS' : 'Android',
      farbe: col.family,
    },
    specs: [
      { group: 'Display', name: 'Bildschirmdiagonale', value: `${inches}"` },
      { group: 'Speicher', name: 'Speicherkapazität', value: storageText },
      { group: 'Mobilfunk', name: 'Netz', value: '5G, LTE, Dual-SIM (eSIM)' },
      {
        group: 'Software',
        name: 'Betriebssystem',
        value: brand === 'Apple' ? 'iOS 18' : 'Android 15',
      },
      { group: 'Allgemein', name: 'Farbe', value: col.name },
    ],
    teaser: `${cm(inches)} (${inches}") · ${storageText} · 5G · ${col.name}`,
    priceEur: price + storageExtra(brand, sizes, storage),
    color: col,
    energy: { energyClass, kwh: 0 },
    facts: [
      `Das ${displayName} mit ${storageText} Speicher in ${col.name}.`,
      `${inches}-Zoll-Display, 5G und eine Kamera, die auch bei wenig Licht überzeugt.`,
      `Energieeffizienzklasse ${energyClass} nach dem EU-Label für Smartphones.`,
    ],
    maxQuantity: 3,
  }
}

/** A small stable number from a text (for per-model facts that must not vary per variant). */
function hashText(value: string): number {
  let h = 0
  for (const ch of value) h = (h * 31 + ch.charCodeAt(0)) >>> 0
  return h
}

/** Tablets: sizes, colours and whether a cellular version exists, as their makers sell them. */
export const TABLETS: readonly {
  brand: string
  model: string
  inches: string
  price: number
  storage: readonly number[]
  colors: readonly string[]
  cellular: 'LTE' | '5G' | null
}[] = [
  {
    brand: 'Apple',
    model: 'iPad (A16)',
    inches: '11',
    price: 379,
    storage: [128, 256, 512],
    colors: ['Blau:Blau:#7aa2d6', 'Pink:Rosa', 'Gelb:Gold:#f3d36b', 'Silber:Silber'],
    cellular: '5G',
  },
  {
    brand: 'Apple',
    model: 'iPad Air 11" (M3)',
    inches: '11',
    price: 699,
    storage: [128, 256, 512, 1024],
    colors: [
      'Space Grau:Grau:#5b5d61',
      'Blau:Blau:#7aa2d6',
      'Violett:Violett:#b4a7d6',
      'Polarstern:Beige:#ebe6dc',
    ],
    cellular: '5G',
  },
  {
    brand: 'Apple',
    model: 'iPad Air 13" (M3)',
    inches: '13',
    price: 949,
    storage: [128, 256, 512, 1024],
    colors: [
      'Space Grau:Grau:#5b5d61',
      'Blau:Blau:#7aa2d6',
      'Violett:Violett:#b4a7d6',
      'Polarstern:Beige:#ebe6dc',
    ],
    cellular: '5G',
  },
  {
    brand: 'Apple',
    model: 'iPad Pro 11" (M4)',
    inches: '11',
    price: 1199,
    storage: [256, 512, 1024],
    colors: ['Space Schwarz:Schwarz:#2e2e30', 'Silber:Silber'],
    cellular: '5G',
  },
  {
    brand: 'Apple',
    model: 'iPad Pro 13" (M4)',
    inches: '13',
    price: 1549,
    storage: [256, 512, 1024],
    colors: ['Space Schwarz:Schwarz:#2e2e30', 'Silber:Silber'],
    cellular: '5G',
  },
  {
    brand: 'Apple',
    model: 'iPad mini (A17 Pro)',
    inches: '8,3',
    price: 599,
    storage: [128, 256, 512],
    colors: [
      'Space Grau:Grau:#5b5d61',
      'Blau:Blau:#7aa2d6',
      'Violett:Violett:#b4a7d6',
      'Polarstern:Beige:#ebe6dc',
    ],
    cellular: '5G',
  },
  {
    brand: 'Samsung',
    model: 'Galaxy Tab S10+',
    inches: '12,4',
    price: 1149,
    storage: [256, 512],
    colors: ['Moonstone Gray:Grau:#6b7280', 'Platinum Silver:Silber'],
    cellular: '5G',
  },
  {
    brand: 'Samsung',
    model: 'Galaxy Tab S10 Ultra',
    inches: '14,6',
    price: 1349,
    storage: [256, 512, 1024],
    colors: ['Moonstone Gray:Grau:#6b7280', 'Platinum Silver:Silber'],
    cellular: '5G',
  },
  {
    brand: 'Samsung',
    model: 'Galaxy Tab S9 FE',
    inches: '10,9',
    price: 449,
    storage: [128, 256],
    colors: ['Gray:Grau', 'Silver:Silber', 'Mint:Grün:#b7dfc8', 'Lavender:Violett:#b4a7d6'],
    cellular: '5G',
  },
  {
    brand: 'Samsung',
    model: 'Galaxy Tab A9+',
    inches: '11',
    price: 229,
    storage: [64, 128],
    colors: ['Graphite:Grau:#374151', 'Silver:Silber', 'Navy:Blau:#1e2a4a'],
    cellular: '5G',
  },
  {
    brand: 'Lenovo',
    model: 'Tab P12',
    inches: '12,7',
    price: 349,
    storage: [128],
    colors: ['Storm Grey:Grau'],
    cellular: null,
  },
  {
    brand: 'Lenovo',
    model: 'Tab M11',
    inches: '11',
    price: 199,
    storage: [64, 128],
    colors: ['Luna Grey:Grau'],
    cellular: 'LTE',
  },
  {
    brand: 'Xiaomi',
    model: 'Pad 7',
    inches: '11,2',
    price: 399,
    storage: [128, 256],
    colors: [
      'Graphite Gray:Grau:#374151',
      'Sage Green:Grün:#a8c5a8',
      'Lavender Purple:Violett:#b4a7d6',
    ],
    cellular: null,
  },
  {
    brand: 'OnePlus',
    model: 'Pad 2',
    inches: '12,1',
    price: 549,
    storage: [256],
    colors: ['Nimbus Gray:Grau'],
    cellular: null,
  },
]

function tablet(rng: Rng): GeneratedProduct {
  const t = rng.pick(TABLETS)
  const storage = rng.pick(t.storage)
  const storageText = capacityText(storage)
  const cellular = t.cellular !== null && rng.chance(0.3) ? t.cellular : null
  const net = cellular ? `WLAN + ${cellular}` : 'WLAN'
  const col = parseColor(rng.pick(t.colors))
  const energyClass = (['A', 'B', 'B'] as const)[hashText(t.model) % 3] ?? 'B'
  const extra =
    storageExtra(t.brand, t.storage, storage) + (cellular ? (t.brand === 'Apple' ? 170 : 100) : 0)
  return {
    name: `${t.brand} ${t.model} ${storageText} ${cellular ? `WiFi + ${cellular}` : 'WiFi'}, ${col.name}`,
    line: `${t.brand} ${t.model}`,
    brand: t.brand,
    mpn: mpnFor(rng, 'MC9##FD/A'),
    attributes: {
      speicherkapazitaet: storageText,
      displaygroesse: `${t.inches} Zoll`,
      betriebssystem: t.brand === 'Apple' ? 'iPadOS' : 'Android',
      farbe: col.family,
    },
    specs: [
      { group: 'Display', name: 'Bildschirmdiagonale', value: `${t.inches}"` },
      { group: 'Speicher', name: 'Speicherkapazität', value: storageText },
      { group: 'Verbindung', name: 'Netz', value: net },
      { group: 'Allgemein', name: 'Farbe', value: col.name },
    ],
    teaser: `${cm(t.inches)} (${t.inches}") · ${storageText} · ${net} · ${col.name}`,
    priceEur: t.price + extra,
    color: col,
    energy: { energyClass, kwh: 0 },
    facts: [
      `Das ${t.brand} ${t.model} mit ${storageText} Speicher${cellular ? ` und ${cellular}` : ''}.`,
      'Perfekt für Mitschriften mit dem Stift, Streaming und Lernen unterwegs.',
    ],
    maxQuantity: 3,
    campus: true,
  }
}

// Audio and accessories ------------------------------------------------------------------------

function simpleProduct(
  items: readonly (readonly [string, string, number, Partial<Record<AttributeKey, string>>])[],
  options: {
    colors: ProductColor[]
    teaser: (
      model: string,
      attrs: Partial<Record<AttributeKey, string>>,
      col: ProductColor,
    ) => string
    facts: (brand: string, model: string) => string[]
    specs: (attrs: Partial<Record<AttributeKey, string>>) => ProductSpec[]
  },
) {
  return (rng: Rng): GeneratedProduct => {
    const [brand, model, price, attrs] = rng.pick(items)
    const col = rng.pick(options.colors)
    return {
      name: `${brand} ${model}, ${col.name}`,
      line: `${brand} ${model}`,
      brand,
      mpn: modelMpn(rng, model),
      attributes: { ...attrs, farbe: col.family },
      specs: [...options.specs(attrs), { group: 'Allgemein', name: 'Farbe', value: col.name }],
      teaser: options.teaser(model, attrs, col),
      priceEur: price * (1 + rng.int(-6, 10) / 100),
      color: col,
      facts: options.facts(brand, model),
    }
  }
}

const wireless = { verbindung: 'Kabellos' }
const wired = { verbindung: 'Kabelgebunden' }

const soundbar = simpleProduct(
  [
    ['Sonos', 'Arc Ultra', 999, { verbindung: 'WLAN' }],
    ['Sonos', 'Beam (Gen 2)', 499, { verbindung: 'WLAN' }],
    ['Sonos', 'Ray', 279, { verbindung: 'WLAN' }],
    ['Samsung', 'HW-Q990D', 1299, { verbindung: 'WLAN' }],
    ['Samsung', 'HW-Q800D', 699, { verbindung: 'WLAN' }],
    ['Bose', 'Smart Ultra Soundbar', 899, { verbindung: 'WLAN' }],
    ['Bose', 'TV Speaker', 279, { verbindung: 'Bluetooth' }],
    ['LG', 'S95TR', 1199, { verbindung: 'WLAN' }],
    ['Sony', 'HT-A7000', 1099, { verbindung: 'WLAN' }],
    ['Sony', 'HT-S2000', 449, { verbindung: 'Bluetooth' }],
    ['Teufel', 'Cinebar 11', 399, { verbindung: 'Bluetooth' }],
    ['JBL', 'Bar 1000', 899, { verbindung: 'WLAN' }],
    ['JBL', 'Bar 500', 549, { verbindung: 'WLAN' }],
  ],
  {
    colors: [BLACK, BLACK, WHITE],
    teaser: (_m, attrs) => `Dolby Atmos · HDMI eARC · ${attrs.verbindung} · Sprachsteuerung`,
    facts: (brand, model) => [
      `Die ${brand} ${model} bringt Kinoklang mit Dolby Atmos ins Wohnzimmer.`,
      'Angeschlossen per HDMI eARC, steuerbar mit der TV-Fernbedienung.',
    ],
    specs: (attrs) => [
      { group: 'Technische Daten', name: 'Tonformate', value: 'Dolby Atmos, DTS:X' },
      { group: 'Anschlüsse', name: 'Verbindung', value: `HDMI eARC, ${attrs.verbindung}` },
    ],
  },
)

const headphones = simpleProduct(
  [
    ['Sony', 'WH-1000XM5', 329, { bauform: 'Over-Ear', 'noise-cancelling': 'Ja', ...wireless }],
    ['Sony', 'WH-1000XM6', 449, { bauform: 'Over-Ear', 'noise-cancelling': 'Ja', ...wireless }],
    ['Sony', 'WF-1000XM5', 249, { bauform: 'In-Ear', 'noise-cancelling': 'Ja', ...wireless }],
    ['Sony', 'WH-CH720N', 99, { bauform: 'Over-Ear', 'noise-cancelling': 'Ja', ...wireless }],
    [
      'Bose',
      'QuietComfort Ultra Headphones',
      449,
      { bauform: 'Over-Ear', 'noise-cancelling': 'Ja', ...wireless },
    ],
    [
      'Bose',
      'QuietComfort Ultra Earbuds',
      299,
      { bauform: 'In-Ear', 'noise-cancelling': 'Ja', ...wireless },
    ],
    ['Apple', 'AirPods Pro 2', 279, { bauform: 'In-Ear', 'noise-cancelling': 'Ja', ...wireless }],
    ['Apple', 'AirPods 4', 149, { bauform: 'In-Ear', 'noise-cancelling': 'Nein', ...wireless }],
    ['Apple', 'AirPods Max', 579, { bauform: 'Over-Ear', 'noise-cancelling': 'Ja', ...wireless }],
    [
      'Sennheiser',
      'Momentum 4 Wireless',
      299,
      { bauform: 'Over-Ear', 'noise-cancelling': 'Ja', ...wireless },
    ],
    ['Sennheiser', 'HD 660S2', 499, { bauform: 'Over-Ear', 'noise-cancelling': 'Nein', ...wired }],
    [
      'Samsung',
      'Galaxy Buds3 Pro',
      249,
      { bauform: 'In-Ear', 'noise-cancelling': 'Ja', ...wireless },
    ],
    ['JBL', 'Tour One M2', 249, { bauform: 'Over-Ear', 'noise-cancelling': 'Ja', ...wireless }],
    [
      'beyerdynamic',
      'DT 770 PRO',
      149,
      { bauform: 'Over-Ear', 'noise-cancelling': 'Nein', ...wired },
    ],
  ],
  {
    colors: [
      BLACK,
      BLACK,
      WHITE,
      color('Silber', 'Silber'),
      color('Mitternachtsblau', 'Blau', '#1e3a8a'),
    ],
    teaser: (_m, attrs) =>
      `${attrs.bauform} · ${attrs['noise-cancelling'] === 'Ja' ? 'aktive Geräuschunterdrückung' : 'ohne ANC'} · ${attrs.verbindung}`,
    facts: (brand, model) => [
      `Die ${brand} ${model} klingen ausgewogen und sitzen auch stundenlang bequem.`,
      'Mit Multipoint, Schnellladefunktion und App für Equalizer und Updates.',
    ],
    specs: (attrs) => [
      { group: 'Technische Daten', name: 'Bauform', value: attrs.bauform ?? '' },
      {
        group: 'Technische Daten',
        name: 'Noise Cancelling',
        value: attrs['noise-cancelling'] ?? '',
      },
      { group: 'Technische Daten', name: 'Verbindung', value: attrs.verbindung ?? '' },
    ],
  },
)

const mouse = simpleProduct(
  [
    ['Logitech', 'G PRO X Superlight 2', 159, wireless],
    ['Logitech', 'G502 X Plus', 179, wireless],
    ['Logitech', 'MX Master 3S', 109, wireless],
    ['Logitech', 'MX Anywhere 3S', 89, wireless],
    ['Logitech', 'G305 Lightspeed', 39, wireless],
    ['Logitech', 'M185', 14, wireless],
    ['Razer', 'DeathAdder V3 Pro', 149, wireless],
    ['Razer', 'Basilisk V3', 69, wired],
    ['Razer', 'Viper V3 Pro', 169, wireless],
    ['SteelSeries', 'Aerox 5 Wireless', 119, wireless],
    ['SteelSeries', 'Rival 3', 29, wired],
    ['Corsair', 'M75 Air Wireless', 119, wireless],
    ['Cherry', 'MW 9100', 49, wireless],
    ['Microsoft', 'Bluetooth Mouse', 24, { verbindung: 'Bluetooth' }],
  ],
  {
    colors: [BLACK, BLACK, WHITE, color('Graphit', 'Grau', '#374151'), color('Rosa', 'Rosa')],
    teaser: (_m, attrs, col) => `${attrs.verbindung} · bis 32.000 DPI · ${col.name}`,
    facts: (brand, model) => [
      `Die ${brand} ${model} liegt gut in der Hand und gleitet präzise.`,
      'Lange Akkulaufzeit und ein präziser optischer Sensor.',
    ],
    specs: (attrs) => [
      { group: 'Technische Daten', name: 'Verbindung', value: attrs.verbindung ?? '' },
      { group: 'Technische Daten', name: 'Sensor', value: 'optisch, bis 32.000 DPI' },
    ],
  },
)

const keyboard = simpleProduct(
  [
    ['Logitech', 'MX Keys S', 119, wireless],
    ['Logitech', 'G915 X Lightspeed TKL', 229, wireless],
    ['Logitech', 'K380', 39, { verbindung: 'Bluetooth' }],
    ['Cherry', 'KC 1000', 24, wired],
    ['Cherry', 'Stream Desktop', 49, wireless],
    ['Cherry', 'MX Board 3.0 S', 89, wired],
    ['Razer', 'BlackWidow V4', 169, wired],
    ['Razer', 'Huntsman V3 Pro TKL', 229, wired],
    ['Corsair', 'K70 RGB Pro', 159, wired],
    ['Corsair', 'K65 Plus Wireless', 159, wireless],
    ['SteelSeries', 'Apex Pro TKL', 219, wired],
    ['Keychron', 'K2 Max', 119, wireless],
    ['Keychron', 'Q1 Max', 229, wireless],
  ],
  {
    colors: [BLACK, BLACK, WHITE, color('Grau', 'Grau')],
    teaser: (_m, attrs) => `Deutsches Layout (QWERTZ) · ${attrs.verbindung} · beleuchtet`,
    facts: (brand, model) => [
      `Die ${brand} ${model} kommt mit deutschem QWERTZ-Layout.`,
      'Präzise Tasten und ein stabiles Gehäuse für viele Jahre Tipparbeit.',
    ],
    specs: (attrs) => [
      { group: 'Technische Daten', name: 'Layout', value: 'Deutsch (QWERTZ)' },
      { group: 'Technische Daten', name: 'Verbindung', value: attrs.verbindung ?? '' },
    ],
  },
)

const headset = simpleProduct(
  [
    ['SteelSeries', 'Arctis Nova 7', 179, wireless],
    ['SteelSeries', 'Arctis Nova Pro Wireless', 349, wireless],
    ['Logitech', 'G PRO X 2 Lightspeed', 249, wireless],
    ['Logitech', 'Zone Vibe 100', 99, wireless],
    ['HyperX', 'Cloud III', 99, wired],
    ['HyperX', 'Cloud Alpha Wireless', 179, wireless],
    ['Corsair', 'HS80 RGB Wireless', 149, wireless],
    ['Razer', 'BlackShark V2 Pro', 199, wireless],
    ['Jabra', 'Evolve2 65', 219, wireless],
    ['Jabra', 'Evolve2 40 SE', 99, wired],
    ['EPOS', 'H3PRO Hybrid', 199, wireless],
  ],
  {
    colors: [BLACK, BLACK, WHITE],
    teaser: (_m, attrs) =>
      `Over-Ear · abnehmbares Mikrofon · ${attrs.verbindung} · PC, Konsole, Smartphone`,
    facts: (brand, model) => [
      `Das ${brand} ${model} ist für lange Sessions und Meetings gemacht.`,
      'Das Mikrofon filtert Hintergrundgeräusche, die Polster sind weich.',
    ],
    specs: (attrs) => [
      { group: 'Technische Daten', name: 'Bauform', value: 'Over-Ear' },
      { group: 'Technische Daten', name: 'Verbindung', value: attrs.verbindung ?? '' },
    ],
  },
)

const webcam = simpleProduct(
  [
    ['Logitech', 'C920 HD Pro', 69, { aufloesung: 'Full HD', ...wired }],
    ['Logitech', 'Brio 4K', 179, { aufloesung: '4K UHD', ...wired }],
    ['Logitech', 'Brio 500', 119, { aufloesung: 'Full HD', ...wired }],
    ['Logitech', 'C270 HD', 29, { aufloesung: 'HD', ...wired }],
    ['Razer', 'Kiyo Pro', 149, { aufloesung: 'Full HD', ...wired }],
    ['Elgato', 'Facecam MK.2', 149, { aufloesung: 'Full HD', ...wired }],
    ['AVerMedia', 'PW315', 79, { aufloesung: 'Full HD', ...wired }],
    ['Microsoft', 'Modern Webcam', 59, { aufloesung: 'Full HD', ...wired }],
    ['Insta360', 'Link 2', 199, { aufloesung: '4K UHD', ...wired }],
  ],
  {
    colors: [BLACK, BLACK, color('Grafit', 'Grau', '#374151')],
    teaser: (_m, attrs) => `${attrs.aufloesung} · Autofokus · Stereo-Mikrofon · USB`,
    facts: (brand, model) => [
      `Die ${brand} ${model} sorgt für ein klares Bild in Videokonferenzen.`,
      'Mit Sichtschutzblende, Autofokus und automatischer Belichtung.',
    ],
    specs: (attrs) => [
      { group: 'Technische Daten', name: 'Auflösung', value: attrs.aufloesung ?? '' },
      { group: 'Technische Daten', name: 'Anschluss', value: 'USB-C / USB-A' },
    ],
  },
)

/**
 * Weights follow how many distinct real products a leaf has (monitors and mainboards are fixed
 * models; notebooks, graphics cards and phones come in many configurations), so the default
 * catalog never repeats a product.
 */
export const LEAF_GENERATORS: LeafGenerator[] = [
  { path: 'notebooks/gaming-notebooks', weight: 7, generate: notebook('gaming') },
  { path: 'notebooks/business-notebooks', weight: 5, generate: notebook('business') },
  { path: 'notebooks/ultrabooks', weight: 5, generate: notebook('ultrabook') },
  { path: 'notebooks/convertibles', weight: 3, generate: notebook('convertible') },
  { path: 'notebooks/macbooks', weight: 3, generate: macbook },
  { path: 'pc-systeme/gaming-pcs', weight: 4, generate: gamingPc },
  { path: 'pc-systeme/office-pcs', weight: 3, generate: officePc(false) },
  { path: 'pc-systeme/mini-pcs', weight: 3, generate: officePc(true) },
  {
    path: 'pc-komponenten/grafikkarten/nvidia-geforce',
    weight: 6,
    generate: graphicsCard('GeForce', NVIDIA_CHIPS, NVIDIA_BRANDS),
  },
  {
    path: 'pc-komponenten/grafikkarten/amd-radeon',
    weight: 3.5,
    generate: graphicsCard('Radeon', AMD_CHIPS, AMD_BRANDS),
  },
  {
    path: 'pc-komponenten/grafikkarten/intel-arc',
    weight: 1.5,
    generate: graphicsCard('Arc', INTEL_CHIPS, INTEL_BRANDS),
  },
  { path: 'pc-komponenten/prozessoren', weight: 3.2, generate: processor },
  { path: 'pc-komponenten/arbeitsspeicher', weight: 4, generate: memory },
  { path: 'pc-komponenten/ssds', weight: 5, generate: ssd },
  { path: 'pc-komponenten/mainboards', weight: 1.4, generate: mainboard },
  { path: 'pc-komponenten/netzteile', weight: 3, generate: powerSupply },
  { path: 'pc-komponenten/pc-gehaeuse', weight: 3, generate: pcCase },
  {
    path: 'monitore/gaming-monitore',
    weight: 1.3,
    generate: screenProduct('gaming', GAMING_MONITORS),
  },
  {
    path: 'monitore/office-monitore',
    weight: 1.1,
    generate: screenProduct('office', OFFICE_MONITORS),
  },
  {
    path: 'monitore/ultrawide-monitore',
    weight: 0.6,
    generate: screenProduct('ultrawide', ULTRAWIDE_MONITORS),
  },
  { path: 'smartphones-tablets/smartphones', weight: 6, generate: phone },
  { path: 'smartphones-tablets/tablets', weight: 3, generate: tablet },
  { path: 'tv-audio/fernseher', weight: 4, generate: screenProduct('tv', TVS) },
  { path: 'tv-audio/soundbars', weight: 1.6, generate: soundbar },
  { path: 'tv-audio/kopfhoerer', weight: 3, generate: headphones },
  { path: 'zubehoer/maeuse', weight: 3, generate: mouse },
  { path: 'zubehoer/tastaturen', weight: 3, generate: keyboard },
  { path: 'zubehoer/headsets', weight: 1.6, generate: headset },
  { path: 'zubehoer/webcams', weight: 1.2, generate: webcam },
]
