// The account's routes under /kundenkonto (account-area §2). Guards run in the loaders (first
// HTML and client navigations alike); the pages load lazily, so account code stays out of the
// first bundle.
import { data, type LoaderFunctionArgs, type RouteObject, redirect } from 'react-router-dom'
import { cachedHeaderData, prefetchHeaderData } from '#web/features/header/index.ts'
import { paths } from '#web/lib/paths.ts'
import { isApiResponse } from '#web/lib/prefetch.ts'
import type { RouteContext } from '#web/lib/route-context.ts'
import { prefetchCustomerData } from './api.ts'
import { loginPathFor } from './navigation.ts'
import type { AccountHandle } from './pages/account-layout.tsx'

type Level = 'none' | 'soft' | 'full'

async function loginLevel(ctx: RouteContext, request: Request): Promise<Level> {
  await prefetchHeaderData(ctx.queryClient, request)
  const header = cachedHeaderData(ctx.queryClient)
  if (header?.isLoggedIn) return 'full'
  return header?.isLoggedInSoft ? 'soft' : 'none'
}

/** Login, Register, PasswordForgotten: a full login goes to the overview. */
function publicGuard(ctx: RouteContext) {
  return async ({ request }: LoaderFunctionArgs) => {
    if ((await loginLevel(ctx, request)) === 'full') throw redirect(paths.account.overview)
    return null
  }
}

/**
 * Every other page: guests go to Login; a soft login goes to Login with the target remembered
 * (in the browser the popup opens before it gets here); a full login loads the customer data.
 */
function privateGuard(ctx: RouteContext) {
  return async ({ request }: LoaderFunctionArgs) => {
    const url = new URL(request.url)
    const level = await loginLevel(ctx, request)
    if (level === 'none') throw redirect(paths.account.login)
    if (level === 'soft') throw redirect(loginPathFor(url.pathname))
    try {
      await prefetchCustomerData(ctx.queryClient, request)
    } catch (error) {
      if (!isApiResponse(error) || error.status !== 401) return null
      const code = (error.body as { code?: string } | null)?.code
      // In the browser the layout opens the popup over the page (the target stays the URL).
      if (code === 'soft_login_required' && typeof window !== 'undefined') return null
      throw redirect(
        code === 'soft_login_required' ? loginPathFor(url.pathname) : paths.account.login,
      )
    }
    return null
  }
}

/** NotFound: a full login goes to the overview; everybody else sees "uups ...". */
function notFoundGuard(ctx: RouteContext) {
  return async ({ request }: LoaderFunctionArgs) => {
    if ((await loginLevel(ctx, request)) === 'full') throw redirect(paths.account.overview)
    throw data(null, { status: 404 })
  }
}

const handle = (title: string, back?: string): AccountHandle => ({ title, back })

/** The change modals of "Meine Benutzerdaten" (account-area §2). */
const CHANGE_MODALS = [
  ['namen-aendern', 'NameChangeModal'],
  ['email-aendern', 'EmailChangeModal'],
  ['passwort-aendern', 'PasswordChangeModal'],
  ['inhaber-name-aendern', 'OwnerNameChangeModal'],
  ['firmen-name-aendern', 'CompanyNameChangeModal'],
  ['ustid-aendern', 'VatIdChangeModal'],
  ['rechtsform-aendern', 'BusinessFormChangeModal'],
  ['kundenart-aendern', 'BusinessTypeChangeModal'],
] as const

/** Pages of other features inside the account layout (composed by web/app). */
export type AccountChildRoutes = {
  addresses?: RouteObject[]
  campus?: RouteObject[]
  orders?: RouteObject[]
  creditCards?: RouteObject[]
}

export function createAccountRoutes(
  ctx: RouteContext,
  extra: AccountChildRoutes = {},
): RouteObject[] {
  return [
    {
      path: 'kundenkonto',
      children: [
        {
          loader: publicGuard(ctx),
          lazy: () =>
            import('./pages/login-layout.tsx').then((m) => ({ Component: m.LoginLayout })),
          children: [
            {
              path: 'login',
              lazy: () =>
                import('./pages/login-page.tsx').then((m) => ({ Component: m.LoginPage })),
            },
            {
              path: 'registrieren',
              lazy: () =>
                import('./pages/register-page.tsx').then((m) => ({ Component: m.RegisterPage })),
            },
            {
              path: 'passwort+vergessen',
              lazy: () =>
                import('./pages/password-forgotten-page.tsx').then((m) => ({
                  Component: m.PasswordForgottenPage,
                })),
            },
          ],
        },
        {
          loader: privateGuard(ctx),
          lazy: () =>
            import('./pages/account-layout.tsx').then((m) => ({ Component: m.AccountLayout })),
          children: [
            {
              index: true,
              handle: handle('Kontoübersicht'),
              lazy: () =>
                import('./pages/overview-page.tsx').then((m) => ({ Component: m.OverviewPage })),
            },
            ...(extra.orders ?? []),
            {
              path: 'kontaktinformationen',
              handle: handle('Meine Benutzerdaten'),
              lazy: () =>
                import('./pages/customer-data-page.tsx').then((m) => ({
                  Component: m.CustomerDataPage,
                })),
              children: CHANGE_MODALS.map(([path, name]) => ({
                path,
                lazy: () =>
                  import('./pages/customer-data-modals.tsx').then((m) => ({ Component: m[name] })),
              })),
            },
            ...(extra.addresses ?? []),
            ...(extra.creditCards ?? []),
            ...(extra.campus ?? []),
          ],
        },
        // The loader always throws (redirect or 404): the element never renders.
        { path: '*', loader: notFoundGuard(ctx), element: null },
      ],
    },
  ]
}
