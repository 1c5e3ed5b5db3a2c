// Product, category and energy label pictures, drawn as SVG from the catalog data (the demo shop
// has no photo studio). Deterministic and small; served with long cache lifetimes.
import type { CatalogVisual } from '#db/schema/catalog.ts'
import { createRng, hashString } from '#db/seed/catalog-random.ts'

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

/**
 * The shape of one model line's drawing (issue 21): proportions, bezel, stand, details and the
 * screen's artwork come from a hash of the line, so variants of one line (sizes, colours,
 * configurations) look alike and two lines look different. Pure and cheap: a few numbers.
 */
export type LineLook = {
  /** Width and height factors of the main body (0.86-1.0, 0.84-1.04). */
  w: number
  h: number
  /** Frame or bezel thickness in px (4-22) and corner radius (4-40). */
  bezel: number
  radius: number
  /** Stand or base style, camera layout, fan count... (0-2), meaning per kind. */
  stand: number
  detail: number
  /** Hue of the screen artwork or the accent light (0-359). */
  hue: number
}

/** The look of a model line ("Samsung Q80D"); the same text always gives the same look. */
export function lineLook(line: string): LineLook {
  const { next } = createRng(hashString(line.trim().toLowerCase()))
  const round = (value: number) => Math.round(value * 100) / 100
  return {
    w: round(0.86 + next() * 0.14),
    h: round(0.84 + next() * 0.2),
    bezel: 4 + Math.floor(next() * 19),
    radius: 4 + Math.floor(next() * 37),
    stand: Math.floor(next() * 3),
    detail: Math.floor(next() * 3),
    hue: Math.floor(next() * 360),
  }
}

/** The model line a product's drawing follows: its own, else brand and name up to the comma. */
export function drawingLine(product: { modelLine?: string | null; brand: string; name?: string }) {
  const own = product.modelLine?.trim()
  if (own) return own
  const head = (product.name ?? '').split(',')[0] ?? ''
  return `${product.brand} ${head}`.trim()
}

const NEUTRAL: LineLook = { w: 1, h: 1, bezel: 12, radius: 14, stand: 0, detail: 0, hue: 205 }

/** A box centred at (cx, cy) of the given base size scaled by the look. */
function box(cx: number, cy: number, width: number, height: number, look: LineLook) {
  const w = Math.round(width * look.w)
  const h = Math.round(height * look.h)
  return { x: Math.round(cx - w / 2), y: Math.round(cy - h / 2), w, h }
}

function screenArt(x: number, y: number, w: number, h: number, look: LineLook, accent: string) {
  const glow = `hsl(${look.hue} 70% 55%)`
  const shapes = [
    `<path d="M${x} ${y + h * 0.72} C ${x + w * 0.3} ${y + h * 0.45}, ${x + w * 0.6} ${y + h * 0.95}, ${x + w} ${y + h * 0.55} V ${y + h} H ${x} Z" fill="${glow}" opacity="0.55"/>`,
    `<circle cx="${x + w * 0.68}" cy="${y + h * 0.42}" r="${Math.min(w, h) * 0.28}" fill="${glow}" opacity="0.5"/><circle cx="${x + w * 0.3}" cy="${y + h * 0.75}" r="${Math.min(w, h) * 0.16}" fill="${accent}" opacity="0.45"/>`,
    `<path d="M${x} ${y + h} L ${x + w * 0.42} ${y + h * 0.38} L ${x + w * 0.62} ${y + h * 0.68} L ${x + w * 0.78} ${y + h * 0.5} L ${x + w} ${y + h * 0.8} V ${y + h} Z" fill="${glow}" opacity="0.55"/>`,
  ]
  return `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${Math.min(6, look.radius)}" fill="url(#scr)"/>${shapes[look.detail] ?? ''}<path d="M${x + w * 0.62} ${y} L ${x + w} ${y} L ${x + w} ${y + h * 0.35} Z" fill="#fff" opacity="0.08"/>`
}

export { NEUTRAL as NEUTRAL_LOOK }

/** The drawing of one kind of product in an 800 x 800 box, shaped by its line's look. */
function device(visual: CatalogVisual, color: string, look: LineLook = NEUTRAL): string {
  const dark = shade(color, -0.45)
  const light = shade(color, 0.35)
  const neutral = look === NEUTRAL
  const accent = neutral
    ? color.toLowerCase() === '#111827'
      ? '#f97316'
      : light
    : `hsl(${look.hue} 75% 55%)`
  switch (visual) {
    case 'notebook': {
      const lid = box(400, 318, 440, 300, look)
      const b = Math.max(6, Math.round(look.bezel * 0.8))
      const deckY = lid.y + lid.h + 6
      const spread = 60 + look.stand * 18
      const logo =
        look.detail === 0
          ? ''
          : look.detail === 1
            ? `<rect x="${400 - 60}" y="${deckY + 24}" width="120" height="22" rx="6" fill="${dark}" opacity="0.5"/>`
            : `<rect x="${400 - 90}" y="${deckY + 18}" width="180" height="34" rx="4" fill="${dark}" opacity="0.35"/>${keys(400 - 84, deckY + 22, 12, 2, 11, 3, dark)}`
      return `<rect x="${lid.x}" y="${lid.y}" width="${lid.w}" height="${lid.h}" rx="${Math.min(look.radius, 24)}" fill="${dark}"/>${screenArt(lid.x + b, lid.y + b, lid.w - 2 * b, lid.h - 2 * b - (look.stand === 2 ? 14 : 0), look, accent)}<path d="M${lid.x - spread} ${deckY} H${lid.x + lid.w + spread} L${lid.x + lid.w + spread - 40} ${deckY + 72} H${lid.x - spread + 40} Z" fill="${color}"/><path d="M${lid.x - spread + 40} ${deckY + 72} H${lid.x + lid.w + spread - 40} L${lid.x + lid.w + spread - 44} ${deckY + 84} H${lid.x - spread + 44} Z" fill="${dark}"/>${logo}`
    }
    case 'tv': {
      const body = box(400, 380, 640, 370, look)
      const b = Math.max(4, Math.round(look.bezel * 0.6))
      const bottom = body.y + body.h
      const stand =
        look.stand === 0
          ? `<path d="M${body.x + 90} ${bottom} L${body.x + 60} ${bottom + 60} H${body.x + 90} L${body.x + 120} ${bottom} Z" fill="#374151"/><path d="M${body.x + body.w - 90} ${bottom} L${body.x + body.w - 60} ${bottom + 60} H${body.x + body.w - 90} L${body.x + body.w - 120} ${bottom} Z" fill="#374151"/>`
          : look.stand === 1
            ? `<rect x="385" y="${bottom}" width="30" height="44" fill="#374151"/><ellipse cx="400" cy="${bottom + 50}" rx="130" ry="12" fill="#4b5563"/>`
            : `<rect x="${400 - body.w * 0.32}" y="${bottom + 30}" width="${Math.round(body.w * 0.64)}" height="14" rx="7" fill="#4b5563"/><rect x="380" y="${bottom}" width="40" height="32" fill="#374151"/>`
      return `<rect x="${body.x}" y="${body.y}" width="${body.w}" height="${body.h}" rx="${Math.min(look.radius, 14)}" fill="#0b0f17"/>${screenArt(body.x + b, body.y + b, body.w - 2 * b, body.h - 2 * b - (look.detail === 2 ? 10 : 0), look, accent)}${look.detail === 1 ? `<rect x="385" y="${bottom - 4}" width="30" height="4" fill="${accent}"/>` : ''}${stand}`
    }
    case 'monitor': {
      const body = box(400, 345, 580, 350, look)
      const b = Math.max(5, Math.round(look.bezel * 0.7))
      const bottom = body.y + body.h
      const base =
        look.stand === 0
          ? `<path d="M270 630 H530 L510 610 H290 Z" fill="${color}"/>`
          : look.stand === 1
            ? `<path d="M400 612 L280 640 M400 612 L520 640" stroke="${dark}" stroke-width="16" stroke-linecap="round"/>`
            : `<ellipse cx="400" cy="626" rx="120" ry="16" fill="${color}"/>`
      return `<rect x="${body.x}" y="${body.y}" width="${body.w}" height="${body.h}" rx="${Math.min(look.radius, 16)}" fill="#0b0f17"/>${screenArt(body.x + b, body.y + b, body.w - 2 * b, body.h - 2 * b - (look.detail === 1 ? 16 : 0), look, accent)}<rect x="${look.stand === 2 ? 388 : 370}" y="${bottom}" width="${look.stand === 2 ? 24 : 60}" height="${612 - bottom}" fill="${dark}"/>${base}`
    }
    case 'phone': {
      const body = box(400, 400, 230, 560, look)
      const r = 24 + Math.round(look.radius / 2)
      const cams =
        look.detail === 0
          ? `<rect x="${body.x + 18}" y="${body.y + 22}" width="70" height="130" rx="26" fill="${dark}"/><circle cx="${body.x + 53}" cy="${body.y + 56}" r="20" fill="#0b0f17"/><circle cx="${body.x + 53}" cy="${body.y + 116}" r="20" fill="#0b0f17"/>`
          : look.detail === 1
            ? `<rect x="${body.x + 18}" y="${body.y + 22}" width="110" height="110" rx="28" fill="${dark}"/><circle cx="${body.x + 50}" cy="${body.y + 54}" r="18" fill="#0b0f17"/><circle cx="${body.x + 96}" cy="${body.y + 54}" r="18" fill="#0b0f17"/><circle cx="${body.x + 50}" cy="${body.y + 100}" r="18" fill="#0b0f17"/>`
            : `<rect x="${body.x}" y="${body.y + 60}" width="${body.w}" height="56" fill="${dark}"/><circle cx="${body.x + 50}" cy="${body.y + 88}" r="18" fill="#0b0f17"/><circle cx="${body.x + 100}" cy="${body.y + 88}" r="18" fill="#0b0f17"/>`
      // Front (screen) on the left half, back (cameras) peeking out behind on the right.
      const back = `<g transform="translate(110 -20)"><rect x="${body.x}" y="${body.y}" width="${body.w}" height="${body.h}" rx="${r}" fill="${color}"/>${cams}</g>`
      const front = `<g transform="translate(-70 20)"><rect x="${body.x}" y="${body.y}" width="${body.w}" height="${body.h}" rx="${r}" fill="${dark}"/><rect x="${body.x + 8}" y="${body.y + 8}" width="${body.w - 16}" height="${body.h - 16}" rx="${r - 6}" fill="url(#scr)"/>${screenArt(body.x + 8, body.y + body.h * 0.45, body.w - 16, body.h * 0.55 - 8, look, accent)}${look.stand === 0 ? `<rect x="${400 - 32}" y="${body.y + 20}" width="64" height="18" rx="9" fill="#0b0f17"/>` : `<circle cx="400" cy="${body.y + 30}" r="9" fill="#0b0f17"/>`}</g>`
      return back + front
    }
    case 'tablet': {
      const body = box(400, 400, 470, 500, look)
      const b = 10 + Math.round(look.bezel / 2)
      return `<rect x="${body.x}" y="${body.y}" width="${body.w}" height="${body.h}" rx="${20 + look.radius / 2}" fill="${dark}"/><rect x="${body.x + 6}" y="${body.y + 6}" width="${body.w - 12}" height="${body.h - 12}" rx="${16 + look.radius / 2}" fill="${color}"/>${screenArt(body.x + b, body.y + b, body.w - 2 * b, body.h - 2 * b, look, accent)}${look.detail === 2 ? `<rect x="${body.x + body.w + 14}" y="${body.y + 60}" width="14" height="${body.h - 120}" rx="7" fill="${light}"/>` : ''}<circle cx="400" cy="${body.y + b / 2 + 2}" r="4" fill="#0b0f17"/>`
    }
    case 'case':
    case 'pc': {
      const body = box(400, 400, 300, 540, look)
      const fill = color === '#ffffff' || color === '#f3f4f6' ? '#e5e7eb' : '#1f2937'
      const fans = look.detail + (visual === 'case' ? 1 : 1) + 1
      const step = (body.h - 120) / fans
      const front =
        look.stand === 0
          ? Array.from({ length: fans }, (_, i) =>
              fan(body.x + 125, body.y + 80 + step * (i + 0.5), Math.min(58, step / 2 - 4), accent),
            ).join('')
          : look.stand === 1
            ? Array.from(
                { length: 14 },
                (_, i) =>
                  `<rect x="${body.x + 30}" y="${body.y + 40 + i * 32}" width="190" height="12" rx="6" fill="${accent}" opacity="${i % 2 ? 0.35 : 0.6}"/>`,
              ).join('')
            : `<path d="M${body.x + 125} ${body.y + 60} V ${body.y + body.h - 60}" stroke="${accent}" stroke-width="10"/>`
      return `<rect x="${body.x}" y="${body.y}" width="${body.w}" height="${body.h}" rx="${Math.min(look.radius, 22)}" fill="${fill}"/><rect x="${body.x + 20}" y="${body.y + 20}" width="210" height="${body.h - 40}" rx="10" fill="#0f172a" opacity="0.85"/>${front}<rect x="${body.x + body.w - 54}" y="${body.y + 30}" width="40" height="${body.h - 60}" rx="8" fill="${dark}"/><circle cx="${body.x + body.w - 34}" cy="${body.y + 60}" r="9" fill="${accent}"/><rect x="${body.x + 30}" y="${body.y + body.h}" width="40" height="16" rx="4" fill="#111827"/><rect x="${body.x + body.w - 70}" y="${body.y + body.h}" width="40" height="16" rx="4" fill="#111827"/>`
    }
    case 'gpu': {
      const body = box(408, 390, 580, 220, look)
      const fans = look.detail === 0 ? 2 : 3
      const r = Math.min(body.h / 2 - 20, body.w / fans / 2 - 10)
      const fanRow = Array.from({ length: fans }, (_, i) =>
        fan(body.x + (body.w / fans) * (i + 0.5), body.y + body.h / 2 + 5, r, accent),
      ).join('')
      return `<rect x="${body.x - 22}" y="${body.y - 10}" width="26" height="${body.h + 30}" rx="4" fill="#9ca3af"/><rect x="${body.x}" y="${body.y}" width="${body.w}" height="${body.h}" rx="${Math.min(look.radius, 30)}" fill="${dark}"/><rect x="${body.x}" y="${body.y}" width="${body.w}" height="${18 + look.stand * 10}" rx="14" fill="${color}"/>${fanRow}<rect x="${body.x + 130}" y="${body.y + body.h}" width="300" height="22" fill="#d4a017"/><rect x="${body.x}" y="${body.y + body.h - 14}" width="${body.w}" height="8" fill="${accent}" opacity="0.7"/>`
    }
    case 'headphones':
    case 'headset':
    case 'audio': {
      const cupW = 90 + look.stand * 14
      const cupH = 150 + look.detail * 24
      const cupR = 20 + Math.round(look.radius * 1.2)
      const span = Math.round(190 * look.w)
      const left = 400 - span - cupW / 2
      const right = 400 + span - cupW / 2
      const top = 400
      return `<path d="M${400 - span} ${top + 30} C ${400 - span} 200, ${400 + span} 200, ${400 + span} ${top + 30}" stroke="${dark}" stroke-width="${22 + look.bezel}" fill="none" stroke-linecap="round"/><rect x="${left}" y="${top}" width="${cupW}" height="${cupH}" rx="${Math.min(cupR, cupW / 2)}" fill="${color}"/><rect x="${right}" y="${top}" width="${cupW}" height="${cupH}" rx="${Math.min(cupR, cupW / 2)}" fill="${color}"/><rect x="${left + 20}" y="${top + 20}" width="${cupW - 40}" height="${cupH - 40}" rx="${Math.min(cupR, cupW / 2) - 10}" fill="${dark}" opacity="0.5"/><rect x="${right + 20}" y="${top + 20}" width="${cupW - 40}" height="${cupH - 40}" rx="${Math.min(cupR, cupW / 2) - 10}" fill="${dark}" opacity="0.5"/><circle cx="${right + cupW / 2}" cy="${top + cupH / 2}" r="8" fill="${accent}"/>${visual === 'headset' ? `<path d="M${left + 20} ${top + cupH - 30} C ${left + 40} ${top + cupH + 60}, 330 ${top + cupH + 80}, 390 ${top + cupH + 60}" stroke="${dark}" stroke-width="12" fill="none" stroke-linecap="round"/><circle cx="396" cy="${top + cupH + 58}" r="16" fill="${accent}"/>` : ''}`
    }
    case 'speaker': {
      const body = box(400, 405, 620, 110, look)
      const dots = 14 + look.detail * 6
      return `<rect x="${body.x}" y="${body.y}" width="${body.w}" height="${body.h}" rx="${Math.min(body.h / 2, 10 + look.radius)}" fill="${color}"/><rect x="${body.x + 20}" y="${body.y + 12}" width="${body.w - 40}" height="${body.h - 24}" rx="${Math.min(body.h / 2 - 12, look.radius)}" fill="${dark}" opacity="0.45"/>${Array.from({ length: dots * 2 }, (_, i) => `<circle cx="${body.x + 40 + (i % dots) * ((body.w - 80) / (dots - 1))}" cy="${body.y + body.h / 2 - 14 + Math.floor(i / dots) * 28}" r="5" fill="${light}" opacity="0.6"/>`).join('')}${look.stand > 0 ? `<rect x="${body.x + body.w + 30}" y="${body.y - 160}" width="110" height="270" rx="18" fill="${color}"/>` : ''}<rect x="${body.x + body.w / 2 - 6}" y="${body.y + body.h - 8}" width="12" height="4" fill="${accent}"/>`
    }
    case 'mouse': {
      const w = 320 * look.w
      const h = 460 * look.h
      const x = 400 - w / 2
      const y = 400 - h / 2
      return `<path d="M400 ${y} C ${x + w * 0.9} ${y}, ${x + w} ${y + h * 0.2}, ${x + w} ${y + h * 0.5} C ${x + w} ${y + h * 0.85}, ${x + w * 0.8} ${y + h}, 400 ${y + h} C ${x + w * 0.2} ${y + h}, ${x} ${y + h * 0.85}, ${x} ${y + h * 0.5} C ${x} ${y + h * 0.2}, ${x + w * 0.1} ${y}, 400 ${y} Z" fill="${color}"/><path d="M400 ${y} V ${y + h * 0.4}" stroke="${dark}" stroke-width="6"/><rect x="388" y="${y + 50}" width="24" height="70" rx="12" fill="${dark}"/>${look.detail > 0 ? `<rect x="${x + 6}" y="${y + h * 0.42}" width="14" height="44" rx="6" fill="${dark}"/><rect x="${x + 6}" y="${y + h * 0.42 + 52}" width="14" height="44" rx="6" fill="${dark}"/>` : ''}${look.stand === 2 ? `<path d="M${x + 40} ${y + h * 0.8} Q 400 ${y + h * 0.92} ${x + w - 40} ${y + h * 0.8}" stroke="${accent}" stroke-width="8" fill="none"/>` : `<circle cx="400" cy="${y + h * 0.7}" r="10" fill="${accent}" opacity="0.8"/>`}`
    }
    case 'keyboard': {
      const cols = look.detail === 0 ? 10 : look.detail === 1 ? 14 : 18
      const width = cols * 40 + 40
      const x = 400 - width / 2
      return `<rect x="${x}" y="290" width="${width}" height="240" rx="${Math.min(look.radius, 26)}" fill="${color}"/><rect x="${x + 12}" y="302" width="${width - 24}" height="216" rx="14" fill="${dark}" opacity="0.35"/>${keys(x + 30, 320, cols, 4, 32, 8, light)}<rect x="${400 - width * 0.25}" y="480" width="${Math.round(width * 0.5)}" height="28" rx="5" fill="${light}"/>${look.stand > 0 ? `<rect x="${x + 12}" y="296" width="${width - 24}" height="6" rx="3" fill="${accent}" opacity="0.8"/>` : ''}`
    }
    case 'cpu':
      return `<rect x="210" y="210" width="380" height="380" rx="20" fill="#14532d"/><rect x="248" y="248" width="304" height="304" rx="${16 + look.stand * 8}" fill="#cbd5e1"/><rect x="270" y="270" width="260" height="260" rx="18" fill="#e2e8f0"/><rect x="300" y="380" width="200" height="10" rx="5" fill="#94a3b8"/><rect x="300" y="410" width="${100 + look.detail * 30}" height="10" rx="5" fill="#94a3b8"/><circle cx="300" cy="300" r="10" fill="${accent}"/>`
    case 'ram': {
      const crest = 18 + look.detail * 14
      return `<rect x="100" y="300" width="600" height="170" rx="10" fill="#065f46"/><path d="M100 300 H700 V400 H100 Z" fill="${color}"/><path d="M100 ${300 - crest} H700 V330 L640 312 L560 330 L480 312 L400 330 L320 312 L240 330 L160 312 L100 330 Z" fill="${look.stand === 0 ? light : accent}" opacity="${look.stand === 0 ? 1 : 0.8}"/>${Array.from({ length: 38 }, (_, i) => `<rect x="${112 + i * 15.4}" y="446" width="9" height="22" fill="#d4a017"/>`).join('')}<rect x="384" y="446" width="14" height="24" fill="#f8fafc"/><rect x="150" y="350" width="180" height="20" rx="4" fill="${accent}" opacity="0.6"/>`
    }
    case 'ssd':
      return look.stand === 2
        ? `<rect x="240" y="230" width="320" height="340" rx="${14 + look.radius / 3}" fill="${color}"/><rect x="270" y="262" width="260" height="90" rx="8" fill="${accent}" opacity="0.7"/><rect x="290" y="500" width="220" height="30" rx="6" fill="#111827"/>`
        : `<rect x="150" y="340" width="500" height="120" rx="10" fill="#111827"/><rect x="190" y="362" width="120" height="76" rx="4" fill="#1f2937"/><rect x="330" y="362" width="120" height="76" rx="4" fill="#1f2937"/><rect x="470" y="362" width="90" height="76" rx="4" fill="#1f2937"/><rect x="184" y="354" width="${260 + look.detail * 40}" height="92" rx="6" fill="${color}" opacity="0.9"/><rect x="208" y="380" width="150" height="14" rx="7" fill="${accent}" opacity="0.9"/><rect x="208" y="406" width="100" height="10" rx="5" fill="#f8fafc" opacity="0.6"/>${Array.from({ length: 9 }, (_, i) => `<rect x="650" y="${352 + i * 11}" width="26" height="7" fill="#d4a017"/>`).join('')}<circle cx="168" cy="400" r="12" fill="#f8fafc"/>`
    case 'mainboard':
      return `<rect x="180" y="160" width="440" height="480" rx="12" fill="${look.stand === 0 ? '#1f2937' : look.stand === 1 ? '#111827' : '#e5e7eb'}"/><rect x="250" y="210" width="130" height="130" rx="8" fill="#9ca3af"/><rect x="272" y="232" width="86" height="86" rx="6" fill="#e5e7eb"/>${[0, 1, 2, 3].map((i) => `<rect x="${420 + i * 28}" y="200" width="14" height="200" rx="4" fill="${light}"/>`).join('')}<rect x="220" y="440" width="330" height="22" rx="4" fill="#4b5563"/><rect x="220" y="500" width="330" height="22" rx="4" fill="#4b5563"/><rect x="190" y="170" width="${40 + look.detail * 14}" height="240" rx="6" fill="${dark}"/><rect x="420" y="560" width="150" height="50" rx="6" fill="${accent}"/>`
    case 'psu':
      return `<rect x="200" y="230" width="400" height="340" rx="${8 + look.radius / 3}" fill="#1f2937"/><circle cx="400" cy="400" r="130" fill="#111827"/>${[
        120, 100, 80, 60, 40,
      ]
        .slice(0, 3 + look.detail)
        .map(
          (r) =>
            `<circle cx="400" cy="400" r="${r}" fill="none" stroke="#4b5563" stroke-width="5"/>`,
        )
        .join(
          '',
        )}<path d="M270 400 H530 M400 270 V530" stroke="#4b5563" stroke-width="5"/><rect x="210" y="240" width="${80 + look.stand * 30}" height="26" rx="6" fill="${accent}"/>`
    case 'webcam':
      return `<rect x="${240 - look.stand * 30}" y="300" width="${320 + look.stand * 60}" height="130" rx="${20 + look.radius}" fill="#111827"/><circle cx="400" cy="365" r="54" fill="#0b0f17" stroke="#4b5563" stroke-width="8"/><circle cx="400" cy="365" r="30" fill="#1e3a8a"/><circle cx="388" cy="352" r="9" fill="#fff" opacity="0.7"/><circle cx="500" cy="350" r="6" fill="${accent}"/><path d="M340 430 L320 520 H480 L460 430 Z" fill="${dark}"/><rect x="300" y="516" width="200" height="20" rx="6" fill="#374151"/>`
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
  /** The model line the drawing's shape follows (drawingLine); absent: the category's shape. */
  line?: string
  view: number
}): string {
  const drawing = device(
    options.visual,
    options.colorHex,
    options.line ? lineLook(options.line) : NEUTRAL,
  )
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
