// Product, category and energy label pictures, drawn as SVG from the catalog data (the demo shop
// has no photo studio). Deterministic and small; served with long cache lifetimes.
import type { CatalogVisual } from '#db/schema/catalog.ts'

/** Text inside SVG/XML. */
export function escapeXml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
}

function clamp(value: number): number {
  return Math.max(0, Math.min(255, Math.round(value)))
}

/** Lightens (amount > 0) or darkens (amount < 0) a #rrggbb colour. */
export function shade(hex: string, amount: number): string {
  const match = /^#?([0-9a-f]{6})$/i.exec(hex)
  const value = match?.[1] ? Number.parseInt(match[1], 16) : 0x6b7280
  const channels = [(value >> 16) & 255, (value >> 8) & 255, value & 255].map((c) =>
    clamp(amount >= 0 ? c + (255 - c) * amount : c * (1 + amount)),
  )
  return `#${channels.map((c) => c.toString(16).padStart(2, '0')).join('')}`
}

function fan(cx: number, cy: number, r: number, color: string): string {
  const blades = Array.from({ length: 7 }, (_, i) => {
    const angle = (i * 360) / 7
    return `<path d="M${cx} ${cy} q${r * 0.55} ${-r * 0.25} ${r * 0.85} ${-r * 0.05}" stroke="${color}" stroke-width="${r * 0.16}" stroke-linecap="round" fill="none" transform="rotate(${angle} ${cx} ${cy})"/>`
  }).join('')
  return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#0b0f17"/><circle cx="${cx}" cy="${cy}" r="${r - 6}" fill="#1f2937"/>${blades}<circle cx="${cx}" cy="${cy}" r="${r * 0.22}" fill="#111827" stroke="${shade(color, 0.2)}" stroke-width="3"/>`
}

function keys(
  x: number,
  y: number,
  cols: number,
  rows: number,
  size: number,
  gap: number,
  fill: string,
) {
  let out = ''
  for (let r = 0; r < rows; r += 1) {
    for (let c = 0; c < cols; c += 1) {
      out += `<rect x="${x + c * (size + gap)}" y="${y + r * (size + gap)}" width="${size}" height="${size}" rx="4" fill="${fill}"/>`
    }
  }
  return out
}

function screen(x: number, y: number, w: number, h: number, accent: string): string {
  return `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="6" fill="url(#scr)"/><path d="M${x} ${y + h * 0.72} C ${x + w * 0.3} ${y + h * 0.45}, ${x + w * 0.6} ${y + h * 0.95}, ${x + w} ${y + h * 0.55} V ${y + h} H ${x} Z" fill="${accent}" opacity="0.55"/><path d="M${x + w * 0.62} ${y} L ${x + w} ${y} L ${x + w} ${y + h * 0.35} Z" fill="#fff" opacity="0.08"/>`
}

/** The drawing of one kind of product, in an 800 x 800 box. */
function device(visual: CatalogVisual, color: string): string {
  const dark = shade(color, -0.45)
  const light = shade(color, 0.35)
  const accent = color.toLowerCase() === '#111827' ? '#f97316' : light
  switch (visual) {
    case 'notebook':
      return `<path d="M196 170 H604 a16 16 0 0 1 16 16 V470 H180 V186 a16 16 0 0 1 16 -16 Z" fill="${dark}"/>${screen(204, 192, 392, 262, accent)}<path d="M120 476 H680 L640 548 H160 Z" fill="${color}"/><path d="M160 548 H640 L636 560 H164 Z" fill="${dark}"/><rect x="345" y="500" width="110" height="22" rx="6" fill="${dark}" opacity="0.5"/>`
    case 'gpu':
      return `<rect x="96" y="270" width="26" height="250" rx="4" fill="#9ca3af"/><rect x="118" y="280" width="580" height="220" rx="22" fill="${dark}"/><rect x="118" y="280" width="580" height="30" rx="14" fill="${color}"/>${fan(250, 395, 78, accent)}${fan(408, 395, 78, accent)}${fan(566, 395, 78, accent)}<rect x="250" y="500" width="300" height="22" fill="#d4a017"/><rect x="118" y="486" width="580" height="8" fill="${accent}" opacity="0.7"/>`
    case 'cpu':
      return `<rect x="210" y="210" width="380" height="380" rx="20" fill="#14532d"/><rect x="248" y="248" width="304" height="304" rx="26" fill="#cbd5e1"/><rect x="270" y="270" width="260" height="260" rx="18" fill="#e2e8f0"/><rect x="300" y="380" width="200" height="10" rx="5" fill="#94a3b8"/><rect x="300" y="410" width="140" height="10" rx="5" fill="#94a3b8"/><circle cx="300" cy="300" r="10" fill="${accent}"/>`
    case 'ram':
      return `<rect x="100" y="300" width="600" height="170" rx="10" fill="#065f46"/><path d="M100 300 H700 V400 H100 Z" fill="${color}"/><path d="M100 300 H700 V330 L640 312 L560 330 L480 312 L400 330 L320 312 L240 330 L160 312 L100 330 Z" fill="${light}"/>${Array.from({ length: 38 }, (_, i) => `<rect x="${112 + i * 15.4}" y="446" width="9" height="22" fill="#d4a017"/>`).join('')}<rect x="384" y="446" width="14" height="24" fill="#f8fafc"/><rect x="150" y="350" width="180" height="20" rx="4" fill="${accent}" opacity="0.6"/>`
    case 'ssd':
      return `<rect x="150" y="340" width="500" height="120" rx="10" fill="#111827"/><rect x="190" y="362" width="120" height="76" rx="4" fill="#1f2937"/><rect x="330" y="362" width="120" height="76" rx="4" fill="#1f2937"/><rect x="470" y="362" width="90" height="76" rx="4" fill="#1f2937"/><rect x="184" y="354" width="300" height="92" rx="6" fill="${color}" opacity="0.9"/><rect x="208" y="380" width="150" height="14" rx="7" fill="#f8fafc" opacity="0.9"/><rect x="208" y="406" width="100" height="10" rx="5" fill="#f8fafc" opacity="0.6"/>${Array.from({ length: 9 }, (_, i) => `<rect x="650" y="${352 + i * 11}" width="26" height="7" fill="#d4a017"/>`).join('')}<circle cx="168" cy="400" r="12" fill="#f8fafc"/>`
    case 'mainboard':
      return `<rect x="180" y="160" width="440" height="480" rx="12" fill="#1f2937"/><rect x="250" y="210" width="130" height="130" rx="8" fill="#9ca3af"/><rect x="272" y="232" width="86" height="86" rx="6" fill="#e5e7eb"/><rect x="420" y="200" width="14" height="200" rx="4" fill="${light}"/><rect x="448" y="200" width="14" height="200" rx="4" fill="${light}"/><rect x="476" y="200" width="14" height="200" rx="4" fill="${light}"/><rect x="504" y="200" width="14" height="200" rx="4" fill="${light}"/><rect x="220" y="440" width="330" height="22" rx="4" fill="#4b5563"/><rect x="220" y="500" width="330" height="22" rx="4" fill="#4b5563"/><rect x="190" y="170" width="40" height="240" rx="6" fill="${dark}"/><rect x="420" y="560" width="150" height="50" rx="6" fill="${color}"/>`
    case 'psu':
      return `<rect x="200" y="230" width="400" height="340" rx="16" fill="#1f2937"/><circle cx="400" cy="400" r="130" fill="#111827"/>${[120, 100, 80, 60, 40].map((r) => `<circle cx="400" cy="400" r="${r}" fill="none" stroke="#4b5563" stroke-width="5"/>`).join('')}<path d="M270 400 H530 M400 270 V530" stroke="#4b5563" stroke-width="5"/><rect x="210" y="240" width="120" height="26" rx="6" fill="${accent}"/>`
    case 'case':
    case 'pc':
      return `<rect x="250" y="130" width="300" height="540" rx="18" fill="${color === '#ffffff' || color === '#f3f4f6' ? '#e5e7eb' : '#1f2937'}"/><rect x="270" y="150" width="210" height="500" rx="10" fill="#0f172a" opacity="0.85"/>${visual === 'pc' ? fan(375, 270, 58, accent) + fan(375, 410, 58, accent) : fan(375, 260, 52, accent) + fan(375, 390, 52, accent) + fan(375, 520, 52, accent)}<rect x="496" y="160" width="40" height="480" rx="8" fill="${dark}"/><circle cx="516" cy="190" r="9" fill="${accent}"/><rect x="280" y="660" width="40" height="16" rx="4" fill="#111827"/><rect x="480" y="660" width="40" height="16" rx="4" fill="#111827"/>`
    case 'monitor':
      return `<rect x="110" y="170" width="580" height="350" rx="14" fill="#0b0f17"/>${screen(124, 184, 552, 312, accent)}<rect x="370" y="520" width="60" height="100" fill="${dark}"/><path d="M270 630 H530 L510 610 H290 Z" fill="${color}"/>`
    case 'tv':
      return `<rect x="80" y="200" width="640" height="370" rx="10" fill="#0b0f17"/>${screen(92, 212, 616, 346, accent)}<path d="M170 570 L140 630 H170 L200 570 Z" fill="#374151"/><path d="M630 570 L660 630 H630 L600 570 Z" fill="#374151"/>`
    case 'phone':
      return `<rect x="290" y="120" width="220" height="560" rx="42" fill="${dark}"/><rect x="298" y="128" width="204" height="544" rx="36" fill="${color}"/><rect x="306" y="136" width="188" height="528" rx="30" fill="url(#scr)"/><path d="M306 470 C 360 400, 420 520, 494 430 V 634 a30 30 0 0 1 -30 30 H336 a30 30 0 0 1 -30 -30 Z" fill="${accent}" opacity="0.55"/><rect x="370" y="148" width="60" height="18" rx="9" fill="#0b0f17"/>`
    case 'tablet':
      return `<rect x="170" y="150" width="460" height="500" rx="36" fill="${dark}"/><rect x="178" y="158" width="444" height="484" rx="30" fill="${color}"/><rect x="192" y="172" width="416" height="456" rx="20" fill="url(#scr)"/><path d="M192 480 C 300 380, 420 560, 608 420 V 608 a20 20 0 0 1 -20 20 H212 a20 20 0 0 1 -20 -20 Z" fill="${accent}" opacity="0.5"/><circle cx="400" cy="165" r="4" fill="#0b0f17"/>`
    case 'headphones':
    case 'headset':
    case 'audio':
      return `<path d="M220 430 C 220 200, 580 200, 580 430" stroke="${dark}" stroke-width="34" fill="none" stroke-linecap="round"/><rect x="170" y="400" width="110" height="190" rx="48" fill="${color}"/><rect x="520" y="400" width="110" height="190" rx="48" fill="${color}"/><rect x="200" y="420" width="60" height="150" rx="30" fill="${dark}" opacity="0.5"/><rect x="540" y="420" width="60" height="150" rx="30" fill="${dark}" opacity="0.5"/>${visual === 'headset' ? `<path d="M230 560 C 250 650, 330 670, 390 650" stroke="${dark}" stroke-width="12" fill="none" stroke-linecap="round"/><circle cx="396" cy="648" r="16" fill="${accent}"/>` : ''}`
    case 'speaker':
      return `<rect x="90" y="350" width="620" height="110" rx="48" fill="${color}"/><rect x="110" y="362" width="580" height="86" rx="40" fill="${dark}" opacity="0.45"/>${Array.from({ length: 40 }, (_, i) => `<circle cx="${140 + (i % 20) * 27}" cy="${390 + Math.floor(i / 20) * 28}" r="5" fill="${light}" opacity="0.6"/>`).join('')}<rect x="240" y="470" width="320" height="12" rx="6" fill="#000" opacity="0.12"/>`
    case 'mouse':
      return `<path d="M400 170 C 520 170, 560 260, 560 400 C 560 560, 500 630, 400 630 C 300 630, 240 560, 240 400 C 240 260, 280 170, 400 170 Z" fill="${color}"/><path d="M400 170 V 360" stroke="${dark}" stroke-width="6"/><path d="M240 360 C 320 380, 480 380, 560 360" stroke="${dark}" stroke-width="5" fill="none" opacity="0.5"/><rect x="388" y="230" width="24" height="70" rx="12" fill="${dark}"/><path d="M270 420 C 300 540, 350 600, 400 610" stroke="${light}" stroke-width="8" fill="none" opacity="0.5"/>`
    case 'keyboard':
      return `<rect x="90" y="290" width="620" height="240" rx="20" fill="${color}"/><rect x="102" y="302" width="596" height="216" rx="14" fill="${dark}" opacity="0.35"/>${keys(120, 320, 14, 4, 32, 8, light)}<rect x="240" y="480" width="300" height="28" rx="5" fill="${light}"/>`
    case 'webcam':
      return `<rect x="240" y="300" width="320" height="130" rx="60" fill="#111827"/><circle cx="400" cy="365" r="54" fill="#0b0f17" stroke="#4b5563" stroke-width="8"/><circle cx="400" cy="365" r="30" fill="#1e3a8a"/><circle cx="388" cy="352" r="9" fill="#fff" opacity="0.7"/><circle cx="500" cy="350" r="6" fill="${accent}"/><path d="M340 430 L320 520 H480 L460 430 Z" fill="${dark}"/><rect x="300" y="516" width="200" height="20" rx="6" fill="#374151"/>`
    case 'components':
      return `<g transform="translate(-60 -60) scale(0.8)">${device('gpu', color)}</g><g transform="translate(360 330) scale(0.5)">${device('cpu', color)}</g>`
    case 'accessories':
      return `<g transform="translate(0 60) scale(0.8)">${device('keyboard', color)}</g><g transform="translate(400 120) scale(0.45)">${device('mouse', color)}</g>`
    default:
      return `<rect x="200" y="200" width="400" height="400" rx="30" fill="${color}"/>`
  }
}

const DEFS = `<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f8fafc"/><stop offset="1" stop-color="#e8edf3"/></linearGradient><linearGradient id="scr" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1e293b"/><stop offset="1" stop-color="#0f3a5f"/></linearGradient></defs>`

/** A product picture; views 1-4 show the device from the front, turned, close up and mirrored. */
export function productSvg(options: {
  visual: CatalogVisual
  colorHex: string
  brand: string
  view: number
}): string {
  const drawing = device(options.visual, options.colorHex)
  const transforms = [
    '',
    'rotate(-7 400 400) translate(20 10) scale(0.94)',
    'translate(-260 -260) scale(1.65)',
    'translate(800 0) scale(-1 1)',
  ]
  const transform = transforms[(options.view - 1) % transforms.length] ?? ''
  const tint = options.view === 2 ? '#eef2f7' : options.view === 4 ? '#f1f5f9' : 'url(#bg)'
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 800" width="800" height="800">${DEFS}<rect width="800" height="800" fill="${tint}"/><ellipse cx="400" cy="700" rx="300" ry="26" fill="#0f172a" opacity="0.07"/><g transform="${transform}">${drawing}</g><text x="40" y="760" font-family="Arial, Helvetica, sans-serif" font-size="30" font-weight="700" fill="#64748b">${escapeXml(options.brand)}</text></svg>`
}

/** A category picture for the entry points (the drawing on a tinted tile). */
export function categorySvg(visual: CatalogVisual): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 800" width="800" height="800">${DEFS}<rect width="800" height="800" rx="40" fill="url(#bg)"/><g transform="translate(60 60) scale(0.85)">${device(visual, '#334155')}</g></svg>`
}

/** EU energy label colours, A (dark green) to G (red). */
export const ENERGY_COLORS: Record<string, string> = {
  A: '#00a651',
  B: '#50b848',
  C: '#bfd730',
  D: '#fff200',
  E: '#fdb913',
  F: '#f37021',
  G: '#ed1c24',
}

/** An energy label after the EU layout (2019/2013 for displays): scale A-G and the class arrow. */
export function energyLabelSvg(options: {
  brand: string
  model: string
  energyClass: string
  kwh: number | null
}): string {
  const classes = ['A', 'B', 'C', 'D', 'E', 'F', 'G']
  const rows = classes
    .map((letter, i) => {
      const y = 178 + i * 44
      const width = 120 + i * 26
      const fill = ENERGY_COLORS[letter] ?? '#999'
      const text = letter === 'D' || letter === 'C' ? '#111' : '#fff'
      return `<path d="M24 ${y} H${24 + width} L${44 + width} ${y + 18} L${24 + width} ${y + 36} H24 Z" fill="${fill}"/><text x="36" y="${y + 28}" font-size="26" font-weight="700" fill="${text}">${letter}</text>`
    })
    .join('')
  const index = Math.max(0, classes.indexOf(options.energyClass))
  const arrowY = 178 + index * 44 - 8
  const model = options.model.length > 34 ? `${options.model.slice(0, 33)}…` : options.model
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 720" width="400" height="720" font-family="Arial, Helvetica, sans-serif"><rect width="400" height="720" fill="#fff" stroke="#111" stroke-width="4"/><rect x="2" y="2" width="396" height="70" fill="#003399"/><text x="24" y="48" font-size="30" font-weight="700" fill="#fff">ENERG<tspan fill="#ffdd00">Y</tspan></text><text x="150" y="48" font-size="16" fill="#fff">ИЯ · ΕΙΑ · IE · IA</text>${Array.from({ length: 12 }, (_, i) => `<circle cx="${350 + 22 * Math.cos((i * Math.PI) / 6)}" cy="${37 + 22 * Math.sin((i * Math.PI) / 6)}" r="3" fill="#ffdd00"/>`).join('')}<text x="24" y="112" font-size="20" font-weight="700" fill="#111">${escapeXml(options.brand)}</text><text x="24" y="142" font-size="16" fill="#111">${escapeXml(model)}</text><line x1="24" y1="160" x2="376" y2="160" stroke="#111" stroke-width="2"/>${rows}<path d="M290 ${arrowY} H380 V${arrowY + 52} H290 L262 ${arrowY + 26} Z" fill="#111"/><text x="322" y="${arrowY + 40}" font-size="40" font-weight="700" fill="#fff" text-anchor="middle">${escapeXml(options.energyClass)}</text><line x1="24" y1="500" x2="376" y2="500" stroke="#111" stroke-width="2"/>${options.kwh !== null ? `<text x="200" y="580" font-size="64" font-weight="700" fill="#111" text-anchor="middle">${options.kwh}</text><text x="200" y="614" font-size="20" fill="#111" text-anchor="middle">kWh/1000h</text>` : '<text x="200" y="580" font-size="22" fill="#111" text-anchor="middle">Energieeffizienzklasse</text>'}<text x="376" y="700" font-size="14" fill="#111" text-anchor="end">2019/2013</text></svg>`
}
