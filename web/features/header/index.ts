// Header slice: the site header with login state, search entry and counters; logout.
export {
  cachedHeaderData,
  HeaderBodyProvider,
  headerKeys,
  markLoginSoft,
  prefetchHeaderData,
  useFullLoginExpiry,
  useHeaderBody,
  useHeaderData,
  useLogout,
} from './api.ts'
export {
  Header,
  HeaderActions,
  HeaderGreeting,
  type HeaderPopups,
  ScrollTopButton,
} from './components/header.tsx'
