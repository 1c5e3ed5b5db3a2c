import { describe, expect, it } from 'vitest'
import {
  addableTiles,
  MAX_TILES,
  parseTiles,
  serializeTiles,
  visibleTiles,
} from './dashboard-tiles.ts'
import { isPrivateAccountPath, loginTarget } from './navigation.ts'

const privateCustomer = { customerType: 'private', isLightAccount: false }
const business = { customerType: 'business', isLightAccount: false }

describe('dashboard tiles', () => {
  it('starts with orders, customer data and the address book', () => {
    expect(parseTiles(null)).toEqual(['orders', 'customerData', 'addressList'])
  })

  it('reads the comma-separated list, dropping unknown names, repeats and extras', () => {
    expect(parseTiles('student,orders,orders,gibtsnicht')).toEqual(['student', 'orders'])
    expect(parseTiles('')).toEqual([])
    expect(parseTiles('orders,customerData,addressList,student,creditCards')).toHaveLength(
      MAX_TILES,
    )
    expect(serializeTiles(['orders', 'student'])).toBe('orders,student')
  })

  it('never offers credit cards, offers nothing at 4 tiles, and no Campus to businesses', () => {
    expect(addableTiles(['orders'], privateCustomer)).toEqual([
      'customerData',
      'addressList',
      'student',
    ])
    expect(addableTiles(['orders'], business)).toEqual(['customerData', 'addressList'])
    expect(
      addableTiles(['orders', 'customerData', 'addressList', 'student'], privateCustomer),
    ).toEqual([])
  })

  it('hides Campus from businesses and credit cards from light accounts', () => {
    expect(visibleTiles(['student', 'creditCards'], business)).toEqual(['creditCards'])
    expect(
      visibleTiles(['student', 'creditCards'], { ...privateCustomer, isLightAccount: true }),
    ).toEqual(['student'])
  })
})

describe('account navigation rules', () => {
  it('knows which pages need a full login', () => {
    expect(isPrivateAccountPath('/kundenkonto')).toBe(true)
    expect(isPrivateAccountPath('/kundenkonto/bestellungen')).toBe(true)
    expect(isPrivateAccountPath('/kundenkonto/login')).toBe(false)
    expect(isPrivateAccountPath('/kundenkonto/passwort+vergessen')).toBe(false)
    expect(isPrivateAccountPath('/warenkorb')).toBe(false)
  })

  it('follows only account targets after login', () => {
    expect(loginTarget('?ziel=%2Fkundenkonto%2Fadressen')).toBe('/kundenkonto/adressen')
    expect(loginTarget('?ziel=https%3A%2F%2Fevil.example')).toBe('/kundenkonto')
    expect(loginTarget('')).toBe('/kundenkonto')
  })
})
