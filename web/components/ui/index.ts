// The design system: feature-agnostic building blocks.
export { Accordion, type AccordionItem } from './accordion.tsx'
export { Button } from './button.tsx'
export { type Feedback, FeedbackMessage, feedback, Notice } from './feedback.tsx'
export { Field } from './field.tsx'
export {
  ArrowUpIcon,
  CartIcon,
  ChevronIcon,
  ChevronLeftIcon,
  ChevronRightIcon,
  CompareIcon,
  FilterIcon,
  HeartIcon,
  PauseIcon,
  PlayIcon,
  ReturnIcon,
  SearchIcon,
  ShieldIcon,
  TruckIcon,
  UserIcon,
  ZoomIcon,
} from './icons.tsx'
export { Modal } from './modal.tsx'
export { PostButton } from './post-button.tsx'
export { Price, PriceNote, REFERENCE_PRICE_LABEL, ReferencePrice } from './price.tsx'
export { SelectField } from './select-field.tsx'
export { Stars } from './stars.tsx'
export { ERROR_DELAY_MS, ERROR_HIDE_MS, FEEDBACK_CLOSE_MS, FEEDBACK_VISIBLE_MS } from './timing.ts'
export { useDelayedValue } from './use-delayed.ts'
export { useHydrated } from './use-hydrated.ts'
