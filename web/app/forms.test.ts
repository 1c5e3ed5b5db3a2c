// Every form of the shop names its method. A form in the server's HTML can be sent before the
// page's script has taken it over (a slow phone, a script that failed to load); without a method
// the browser sends it as GET, with every field in the address: a password or an address would
// end up in the browser's history and the server's log. Forms handled by the script say
// method="post" (the server answers such a post to a page with 303 back to the page, see
// server/app.ts); a form meant to be sent by the browser names its action too.
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

const WEB = join(import.meta.dirname, '..')

function tsxFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return tsxFiles(path)
    return entry.name.endsWith('.tsx') && !entry.name.includes('.test.') ? [path] : []
  })
}

/** The opening tags of `<form` in JSX: up to the `>` outside braces and quotes. */
function formTags(source: string): string[] {
  const tags: string[] = []
  for (const match of source.matchAll(/<form[\s>]/g)) {
    let depth = 0
    let quote: string | null = null
    let end = match.index + 5
    for (; end < source.length; end++) {
      const char = source[end]
      if (quote) {
        if (char === quote) quote = null
      } else if (char === '{') depth++
      else if (char === '}') depth--
      else if (depth === 0 && (char === '"' || char === "'")) quote = char
      else if (depth === 0 && char === '>') break
    }
    tags.push(source.slice(match.index, end + 1))
  }
  return tags
}

describe('forms', () => {
  it('finds the opening tag past arrow functions in attributes', () => {
    expect(formTags('<form onSubmit={(e) => go(e)} method="post">x</form>')).toEqual([
      '<form onSubmit={(e) => go(e)} method="post">',
    ])
  })

  it('every <form> in web/ says its method', () => {
    const missing: string[] = []
    let count = 0
    for (const file of tsxFiles(WEB)) {
      for (const tag of formTags(readFileSync(file, 'utf8'))) {
        count++
        if (!/\smethod=/.test(tag)) missing.push(`${relative(WEB, file)}: ${tag.slice(0, 80)}`)
      }
    }
    expect(count).toBeGreaterThan(40)
    expect(missing).toEqual([])
  })
})
