// Page speed as a shopper's phone-class CPU sees it: the production build served by the real app,
// Chromium with 4x CPU throttling (CDP Emulation.setCPUThrottlingRate), largest contentful paint
// and cumulative layout shift of a category page (targets: LCP < 1.0 s, CLS 0), plus the size of
// the JavaScript a first visit loads.
import { execSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { gzipSync } from 'node:zlib'
import { chromium } from '@playwright/test'
import { CONSENT_COOKIE, formatConsentCookie, noConsent } from '#contract/consent-services.ts'
import type { Db } from '#db/client.ts'
import { createApp } from '#server/app.ts'
import { loadConfig } from '#server/platform/config.ts'
import { createLogger } from '#server/platform/log.ts'
import { createProductionRenderer } from '#server/platform/render.ts'
import { FIRST_LOAD_BUDGET_KB, firstLoadKb } from '../bundle-size.ts'
import { listen } from './harness.ts'

const ROOT = resolve(import.meta.dirname, '../..')
const RUNS = 5
const CPU_THROTTLING = 4
export const PAGE_TARGETS = { lcpMs: 1000, cls: 0, initialJsGzipKb: FIRST_LOAD_BUDGET_KB }

export type PageResult = {
  name: string
  path: string
  ttfbMs: number
  fcpMs: number
  lcpMs: number
  cls: number
  jsGzipKb: number
  /** Elements that moved (for finding the cause when CLS > 0). */
  shifted: string[]
  /** The element of the largest contentful paint (for finding what paints late). */
  lcpElements: string[]
}
export type PageSpeed = { initialJsGzipKb: number; pages: PageResult[] }

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? 0
}

export async function measurePageSpeed(db: Db, pages: { name: string; path: string }[]) {
  execSync('npm run build', { cwd: ROOT, stdio: 'ignore' })
  const initialJsGzipKb = firstLoadKb()

  // React picks its production build from process.env when the server bundle first loads it;
  // without this the pages would be measured with React's (several times slower) development SSR.
  process.env.NODE_ENV = 'production'
  const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent' })
  const renderer = await createProductionRenderer({ origin: 'http://127.0.0.1', whiteLabel: false })
  const server = await listen(createApp({ db, config, log: createLogger('silent'), renderer }))
  const executablePath = existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined
  const browser = await chromium.launch({
    executablePath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  })
  const results: PageResult[] = []
  try {
    // Each page twice: a first visit (the consent banner paints after hydration, client-only)
    // and a returning visitor whose decision is stored (no banner).
    const visits = pages.flatMap((page) => [
      { ...page, returning: false },
      { ...page, name: `${page.name}, returning`, returning: true },
    ])
    for (const given of visits) {
      // Measure the page itself, not a redirect to it (e.g. a product's canonical address).
      const head = await fetch(`${server.url}${given.path}`, { redirect: 'manual' })
      const location = head.headers.get('location')
      const target = {
        ...given,
        path: location ? new URL(location, server.url).pathname : given.path,
      }
      const lcps: number[] = []
      const fcps: number[] = []
      const ttfbs: number[] = []
      const shifts: number[] = []
      const shifted = new Set<string>()
      const lcpElements = new Set<string>()
      let jsBytes = 0
      // One warm-up load (server-side code paths and caches), then the measured cold browser loads.
      for (let run = -1; run < RUNS; run += 1) {
        const context = await browser.newContext({
          viewport: { width: 1280, height: 900 },
          locale: 'de-DE',
        })
        if (target.returning) {
          await context.addCookies([
            {
              name: CONSENT_COOKIE,
              value: formatConsentCookie({ consentId: 'bench', granted: noConsent() }),
              url: server.url,
            },
          ])
        }
        const page = await context.newPage()
        const cdp = await context.newCDPSession(page)
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLING })
        await page.addInitScript(() => {
          const w = window as unknown as {
            __lcp: number
            __cls: number
            __fcp: number
            __shifted: string[]
            __lcpElement: string
          }
          w.__lcp = 0
          w.__lcpElement = ''
          w.__cls = 0
          w.__fcp = 0
          w.__shifted = []
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) {
              if (entry.name === 'first-contentful-paint') w.__fcp = entry.startTime
            }
          }).observe({ type: 'paint', buffered: true })
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as (PerformanceEntry & {
              element?: Element | null
            })[]) {
              w.__lcp = entry.startTime
              w.__lcpElement = `${entry.element?.nodeName ?? '?'}.${entry.element?.className ?? ''}`
            }
          }).observe({ type: 'largest-contentful-paint', buffered: true })
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as (PerformanceEntry & {
              value: number
              hadRecentInput: boolean
              sources?: { node?: Node | null }[]
            })[]) {
              if (entry.hadRecentInput) continue
              w.__cls += entry.value
              for (const source of entry.sources ?? []) {
                const node = source.node as Element | null | undefined
                w.__shifted.push(`${node?.nodeName ?? '?'}.${node?.className ?? ''}`)
              }
            }
          }).observe({ type: 'layout-shift', buffered: true })
        })
        let runJs = 0
        page.on('response', async (response) => {
          if (response.request().resourceType() !== 'script') return
          try {
            runJs += gzipSync(await response.body()).length
          } catch {
            // A response without a body (redirect) carries no script.
          }
        })
        await page.goto(`${server.url}${target.path}`, { waitUntil: 'networkidle' })
        // Hydration and late layout work happen under throttling too; let them finish.
        await page.waitForTimeout(1500)
        const metrics = await page.evaluate(() => {
          const w = window as unknown as {
            __lcp: number
            __cls: number
            __fcp: number
            __shifted: string[]
            __lcpElement: string
          }
          const navigation = performance.getEntriesByType('navigation')[0] as
            | PerformanceNavigationTiming
            | undefined
          return {
            lcp: w.__lcp,
            cls: w.__cls,
            fcp: w.__fcp,
            ttfb: navigation?.responseStart ?? 0,
            shifted: w.__shifted,
            lcpElement: w.__lcpElement,
          }
        })
        await context.close()
        if (run < 0) continue
        lcps.push(metrics.lcp)
        fcps.push(metrics.fcp)
        ttfbs.push(metrics.ttfb)
        shifts.push(metrics.cls)
        for (const node of metrics.shifted) shifted.add(node)
        lcpElements.add(metrics.lcpElement)
        jsBytes = runJs
      }
      results.push({
        name: target.name,
        path: target.path,
        ttfbMs: median(ttfbs),
        fcpMs: median(fcps),
        lcpMs: median(lcps),
        cls: Math.max(...shifts),
        jsGzipKb: jsBytes / 1024,
        shifted: [...shifted],
        lcpElements: [...lcpElements],
      })
    }
  } finally {
    await browser.close()
    await server.close()
    await renderer.close()
  }
  return { initialJsGzipKb, pages: results } satisfies PageSpeed
}

export function printPageSpeed(result: PageSpeed): void {
  console.log(
    `\nPages: Chromium, ${CPU_THROTTLING}x CPU throttling, 1280x900, median of ${RUNS} cold loads\n`,
  )
  console.log(
    `${'page'.padEnd(44)} ${'TTFB'.padStart(6)} ${'FCP'.padStart(6)} ${'LCP ms'.padStart(7)} ${'CLS'.padStart(7)} ${'JS gz KB'.padStart(9)}  verdict`,
  )
  for (const page of result.pages) {
    const misses = [
      page.lcpMs >= PAGE_TARGETS.lcpMs ? `LCP >= ${PAGE_TARGETS.lcpMs} ms` : '',
      page.cls > PAGE_TARGETS.cls ? 'CLS > 0' : '',
    ].filter(Boolean)
    console.log(
      `${`${page.name} (${page.path})`.slice(0, 44).padEnd(44)} ${page.ttfbMs.toFixed(0).padStart(6)} ${page.fcpMs.toFixed(0).padStart(6)} ${page.lcpMs.toFixed(0).padStart(7)} ${page.cls.toFixed(3).padStart(7)} ${page.jsGzipKb.toFixed(1).padStart(9)}  ${misses.length ? `MISSED: ${misses.join(', ')}` : 'ok'}`,
    )
  }
  for (const page of result.pages) {
    if (page.shifted.length > 0)
      console.log(`  layout shifts on ${page.name}: ${page.shifted.join(', ')}`)
    console.log(`  largest paint on ${page.name}: ${page.lcpElements.join(', ')}`)
  }
  const jsVerdict =
    result.initialJsGzipKb < PAGE_TARGETS.initialJsGzipKb
      ? 'ok'
      : `MISSED: >= ${PAGE_TARGETS.initialJsGzipKb} KB`
  console.log(
    `\ninitial JavaScript (entry chunk and its static imports): ${result.initialJsGzipKb.toFixed(1)} KB gzipped  ${jsVerdict}`,
  )
}
