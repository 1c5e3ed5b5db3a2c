// ads slice: ad slots (house ads from the database), first-party recommendations, editable
// content snippets and modal contents, and the support chat. See docs/decisions.md.
export { adsRouter } from './router.ts'
export { getContent, renderContentHtml, saveContentBlock } from './service.ts'
