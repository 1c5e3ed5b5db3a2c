// A typed API client that behaves like one browser: it keeps cookies between calls.
import { initClient, tsRestFetchApi } from '@ts-rest/core'
import { contract } from '#contract/index.ts'

export type Browser = ReturnType<typeof createBrowser>

export function createBrowser(
  baseUrl: string,
  options: {
    origin?: string
    headers?: Record<string, string>
    /** A cookie jar shared with other browsers (one client talking to several processes). */
    jar?: Map<string, string>
  } = {},
) {
  const jar = options.jar ?? new Map<string, string>()
  const cookieHeader = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ')
  const remember = (headers: Headers) => {
    for (const line of headers.getSetCookie()) {
      const [pair] = line.split(';')
      const at = pair?.indexOf('=') ?? -1
      if (!pair || at < 0) continue
      const name = pair.slice(0, at).trim()
      const value = pair.slice(at + 1).trim()
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) jar.delete(name)
      else jar.set(name, value)
    }
  }
  const api = initClient(contract, {
    baseUrl,
    throwOnUnknownStatus: false,
    api: async (args) => {
      const headers: Record<string, string> = { ...args.headers, ...options.headers }
      if (jar.size > 0) headers.cookie = cookieHeader()
      if (options.origin) headers.origin = options.origin
      const response = await tsRestFetchApi({ ...args, headers })
      remember(response.headers as Headers)
      return response
    },
  })
  /** A raw request through the same cookie jar (pages, malformed bodies). */
  const fetchRaw = async (path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers)
    if (jar.size > 0) headers.set('cookie', cookieHeader())
    if (options.origin) headers.set('origin', options.origin)
    const response = await fetch(`${baseUrl}${path}`, { ...init, headers, redirect: 'manual' })
    remember(response.headers)
    return response
  }
  return { api, fetch: fetchRaw, cookies: jar }
}
