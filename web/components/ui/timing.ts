// Timing constants of both specs, shared by the components.
/** Field errors appear after 1 s. */
export const ERROR_DELAY_MS = 1000
/** Feedback messages stay 4 s, then take 1 s to close. */
export const FEEDBACK_VISIBLE_MS = 4000
export const FEEDBACK_CLOSE_MS = 1000
/** Some error messages hide after 6 s. */
export const ERROR_HIDE_MS = 6000
