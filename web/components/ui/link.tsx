import { type AnchorHTMLAttributes, createElement, type MouseEvent, type Ref } from 'react'
import { Link as RouterLink, NavLink as RouterNavLink, useLocation } from 'react-router-dom'

/**
 * The shop's links (issue 23). The shop links to its own absolute paths almost everywhere
 * ("/kategorie/…", "/kundenkonto"); for those the href is the path itself, so this link skips
 * react-router's resolution, which serializes and parses the route matches for every link it
 * renders (a quarter of an account page's allocations and about a tenth of its CPU with the
 * header's mega menu, the account navigation and the footer). A click behaves as
 * react-router's: a client navigation for a plain left click without a target, the browser's
 * own for the rest; the same location is replaced rather than pushed. The client navigation is
 * the browser router's own `navigate` (`setLinkNavigation`, once per page), so a link uses no
 * hook at all; without it (a component test) a click is the browser's. Anything else (relative
 * paths, other origins) goes to react-router's `Link`.
 */
export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: string
  replace?: boolean
  state?: unknown
  ref?: Ref<HTMLAnchorElement>
}

/** A path of this origin: "/x", not "//host/x" (protocol-relative) and not relative. */
function isOwnPath(to: string): boolean {
  return to.charCodeAt(0) === 47 && to.charCodeAt(1) !== 47 && to.charCodeAt(1) !== 92
}

type Navigate = (to: string, options: { replace: boolean; state: unknown }) => unknown

let navigation: Navigate | null = null

/** The browser router's navigate, for the links' clicks (web/entry-client.tsx). */
export function setLinkNavigation(navigate: Navigate | null): void {
  navigation = navigate
}

function isPlainClick(event: MouseEvent<HTMLAnchorElement>, target: string | undefined): boolean {
  return (
    event.button === 0 &&
    (!target || target === '_self') &&
    !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey)
  )
}

export function Link(props: LinkProps) {
  const { to, replace, state, onClick } = props
  if (!isOwnPath(to)) return <RouterLink {...props} />
  // One object per link; the common link (no handler, no state) shares one click handler.
  const anchor: AnchorHTMLAttributes<HTMLAnchorElement> & Record<string, unknown> = {
    ...props,
    to: undefined,
    replace: undefined,
    state: undefined,
    href: to,
    onClick:
      onClick === undefined && replace === undefined && state === undefined
        ? followOwnPath
        : (event: MouseEvent<HTMLAnchorElement>) => {
            onClick?.(event)
            navigateOnClick(event, to, replace, state)
          },
  }
  return createElement('a', anchor)
}

function followOwnPath(event: MouseEvent<HTMLAnchorElement>) {
  const to = event.currentTarget.getAttribute('href')
  if (to !== null) navigateOnClick(event, to, undefined, undefined)
}

function navigateOnClick(
  event: MouseEvent<HTMLAnchorElement>,
  to: string,
  replace: boolean | undefined,
  state: unknown,
) {
  if (event.defaultPrevented || !navigation) return
  if (!isPlainClick(event, event.currentTarget.getAttribute('target') ?? undefined)) return
  event.preventDefault()
  const { pathname, search, hash } = window.location
  navigation(to, { replace: replace ?? pathname + search + hash === to, state })
}

export type NavLinkProps = Omit<LinkProps, 'className'> & { className?: string; end?: boolean }

/**
 * A link that knows it points at the current page: class `active` and `aria-current="page"`,
 * matched as react-router's `NavLink` matches (case-insensitive; `end`: the path itself only,
 * otherwise also below it).
 */
export function NavLink({ className, end = false, ...props }: NavLinkProps) {
  const location = useLocation()
  if (!isOwnPath(props.to)) {
    return <RouterNavLink className={className} end={end} {...props} />
  }
  const active = isActivePath(location.pathname, props.to, end)
  return (
    <Link
      {...props}
      aria-current={active ? 'page' : undefined}
      className={[className, active ? 'active' : null].filter(Boolean).join(' ') || undefined}
    />
  )
}

/** react-router's rule in `NavLink`, for a path without basename. */
export function isActivePath(locationPathname: string, to: string, end: boolean): boolean {
  const current = locationPathname.toLowerCase()
  const target = (to.split(/[?#]/, 1)[0] ?? '').toLowerCase()
  if (current === target) return true
  if (end) return false
  const slash = target !== '/' && target.endsWith('/') ? target.length - 1 : target.length
  return current.startsWith(target) && current.charAt(slash) === '/'
}
