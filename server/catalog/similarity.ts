// Trigram similarity as pg_trgm computes it, for the few category names held in memory (typo
// tolerance of the suggestions: "grafikarte" still finds "Grafikkarten").

function trigrams(word: string): Set<string> {
  const padded = `  ${word} `
  const set = new Set<string>()
  for (let i = 0; i + 3 <= padded.length; i += 1) set.add(padded.slice(i, i + 3))
  return set
}

export function similarity(a: string, b: string): number {
  const ta = trigrams(a)
  const tb = trigrams(b)
  let shared = 0
  for (const t of ta) if (tb.has(t)) shared += 1
  const union = ta.size + tb.size - shared
  return union === 0 ? 0 : shared / union
}

/** The best similarity of `query` (normalised) to any word of `text` (normalised). */
export function wordSimilarity(query: string, text: string): number {
  return Math.max(0, ...text.split(' ').map((word) => similarity(query, word)))
}
