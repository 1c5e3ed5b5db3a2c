// Header slice: the site header with login state, search entry and counters.
export { headerKeys, prefetchHeaderData, useHeaderData } from './api.ts'
export { Header } from './components/header.tsx'
