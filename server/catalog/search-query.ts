// Search input as Postgres full-text queries (configuration `german`). The input is never part
// of the SQL text: it is normalised to tokens of letters and digits and bound as a parameter.
import { normalizeSearchText } from '#db/schema/catalog.ts'

const MAX_TOKENS = 12

/** "RTX-4070 Grafikkarten" -> ["rtx", "4070", "grafikkarten"]. */
export function searchTokens(term: string): string[] {
  return normalizeSearchText(term)
    .split(' ')
    .filter((token) => token.length > 0)
    .slice(0, MAX_TOKENS)
}

/**
 * A tsquery in to_tsquery syntax: every token must match (the German stemmer makes
 * "Grafikkarten" find "Grafikkarte"). `prefix: 'last'` lets the last word be unfinished (results
 * page), `prefix: 'all'` makes every word a prefix (suggestions while typing).
 */
export function toTsQuery(
  tokens: readonly string[],
  prefix: 'none' | 'last' | 'all',
  weight: '' | 'A' = '',
): string {
  return tokens
    .map((token, i) => {
      const isPrefix =
        prefix === 'all' ||
        (prefix === 'last' && i === tokens.length - 1 && /^[a-zß]{3,}$/.test(token))
      const label = `${isPrefix ? '*' : ''}${weight}`
      return `'${token}'${label ? `:${label}` : ''}`
    })
    .join(' & ')
}

/**
 * What a search matches and how it ranks: products whose name holds every word first, then the
 * earlier the first word appears in the name (a "RTX 4070" card before a PC that contains one),
 * then full-text rank (name > category and attributes > description).
 */
export type SearchQuery = { tsquery: string; nameTsquery: string; firstToken: string }

export function buildSearchQuery(tokens: readonly string[], prefix: 'last' | 'all'): SearchQuery {
  return {
    tsquery: toTsQuery(tokens, prefix),
    nameTsquery: toTsQuery(tokens, prefix, 'A'),
    firstToken: tokens[0] ?? '',
  }
}

/** An exact article number (7 digits) or EAN (8 or 13 digits), spaces ignored. */
export function exactCode(term: string): { articleNumber: string } | { ean: string } | null {
  const compact = term.replace(/[\s-]/g, '')
  if (/^\d{7}$/.test(compact)) return { articleNumber: compact }
  if (/^(\d{8}|\d{13})$/.test(compact)) return { ean: compact }
  return null
}
