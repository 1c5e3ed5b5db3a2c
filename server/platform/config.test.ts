import { describe, expect, it } from 'vitest'
import { loadConfig } from './config.ts'

const trustProxyOf = (value?: string) =>
  loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).trustProxy

describe('TRUST_PROXY', () => {
  it('is off unless set', () => {
    expect(trustProxyOf()).toBe(false)
    expect(trustProxyOf('')).toBe(false)
    expect(trustProxyOf('0')).toBe(false)
    expect(trustProxyOf('false')).toBe(false)
  })

  it('takes a hop count; the old boolean "true" means one hop, never "believe every entry"', () => {
    expect(trustProxyOf('1')).toBe(1)
    expect(trustProxyOf('2')).toBe(2)
    expect(trustProxyOf('true')).toBe(1)
  })

  it('takes a list of proxy addresses, CIDR ranges and Express names', () => {
    expect(
      trustProxyOf('10.0.0.2, 192.168.0.0/16,loopback, fd00::/8, 172.16.0.0/255.240.0.0'),
    ).toEqual(['10.0.0.2', '192.168.0.0/16', 'loopback', 'fd00::/8', '172.16.0.0/255.240.0.0'])
  })

  it('refuses anything else at start', () => {
    for (const wrong of ['yes', '10.0.0.300', '10.0.0.0/33', 'proxy.example', '1.2.3.4/8/8', ',']) {
      expect(() => trustProxyOf(wrong), wrong).toThrow(/TRUST_PROXY/)
    }
  })
})
