// Comparison slice (web): "Vergleichen" on tiles and the buy box, and /vergleich.
export { comparisonKeys } from './api.ts'
export { CompareToggle } from './components/compare-toggle.tsx'
export { createComparisonRoutes } from './routes.tsx'
