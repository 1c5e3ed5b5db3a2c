// Filling `{name}` placeholders of the German catalogues (mails, payment copy).
export type TextParams = Record<string, string | number>

/** Fills `{name}` placeholders; unknown ones stay as they are. */
export function fillText(text: string, params: TextParams): string {
  return text.replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in params ? String(params[key]) : whole,
  )
}
