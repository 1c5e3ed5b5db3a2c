import { describe, expect, it } from 'vitest'
import { exactCode, searchTokens, toTsQuery } from './search-query.ts'

describe('search input', () => {
  it('writes model numbers the same however they are typed', () => {
    expect(searchTokens('RTX 4070')).toEqual(['rtx', '4070'])
    expect(searchTokens('rtx4070')).toEqual(['rtx', '4070'])
    expect(searchTokens('RTX-4070')).toEqual(['rtx', '4070'])
  })

  it('keeps only letters and digits, so input never reaches SQL or markup as such', () => {
    expect(searchTokens(`'); drop table products; --`)).toEqual(['drop', 'table', 'products'])
    expect(searchTokens('<script>alert(1)</script>')).toEqual(['script', 'alert', '1', 'script'])
    expect(toTsQuery(searchTokens("a'b:*|!"), 'none')).toBe("'a' & 'b'")
  })

  it('folds umlauts like the German stemmer and limits the number of words', () => {
    expect(searchTokens('Mäuse Größe')).toEqual(['mause', 'große'])
    expect(searchTokens('a b c d e f g h i j k l m n o')).toHaveLength(12)
  })

  it('builds prefix queries for the last word or every word', () => {
    expect(toTsQuery(['msi', 'grafikk'], 'last')).toBe("'msi' & 'grafikk':*")
    expect(toTsQuery(['rtx', '40'], 'last')).toBe("'rtx' & '40'")
    expect(toTsQuery(['rtx', '40'], 'all')).toBe("'rtx':* & '40':*")
    expect(toTsQuery(['rtx', '40'], 'all', 'A')).toBe("'rtx':*A & '40':*A")
    expect(toTsQuery(['rtx', '4070'], 'last', 'A')).toBe("'rtx':A & '4070':A")
  })

  it('recognises article numbers and EANs', () => {
    expect(exactCode('1004711')).toEqual({ articleNumber: '1004711' })
    expect(exactCode(' 4010000186853 ')).toEqual({ ean: '4010000186853' })
    expect(exactCode('4070')).toBeNull()
    expect(exactCode('RTX 4070')).toBeNull()
  })
})
