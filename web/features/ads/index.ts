// Ads slice: ad slots and site-skins from the database, first-party recommendations, editable
// content snippets (info pages, modals), the help widget and the support chat.
export {
  adsKeys,
  clickRecommendation,
  prefetchAdSlot,
  prefetchContent,
  pushRecommendationEvent,
  useContent,
  useRecommendations,
} from './api.ts'
export { AdSlot } from './components/ad-slot.tsx'
export { ContentBlocks } from './components/content-blocks.tsx'
export { ContentModalLink } from './components/content-modal.tsx'
export { HelpLauncher } from './components/help-launcher.tsx'
export { Recommendations } from './components/recommendations.tsx'
export { SiteSkins } from './components/site-skins.tsx'
