// Header slice: the site header with login state, search entry and counters; logout.
export {
  cachedHeaderData,
  headerKeys,
  markLoginSoft,
  prefetchHeaderData,
  useFullLoginExpiry,
  useHeaderData,
  useLogout,
} from './api.ts'
export { Header, type HeaderPopups, ScrollTopButton } from './components/header.tsx'
