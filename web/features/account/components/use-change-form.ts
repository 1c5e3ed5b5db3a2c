// One hook for the change modals of "Meine Benutzerdaten" (account-area §4, §8): the form on the
// contract's schema, the save button's state, and what a refusal does (a field's message, a
// cleared password, the modal's error line, or back to the overview with the error). A refusal
// because the full login ended opens the login popup and sends the same values again after it.
import { zodResolver } from '@hookform/resolvers/zod'
import { useQueryClient } from '@tanstack/react-query'
import { useId, useState } from 'react'
import {
  type DefaultValues,
  type FieldValues,
  type Path,
  type UseFormReturn,
  useForm,
} from 'react-hook-form'
import { useNavigate } from 'react-router-dom'
import type { ZodType } from 'zod'
import type { MessageCode } from '#contract/messages.de.ts'
import { markLoginSoft } from '#web/features/header/index.ts'
import { errorCode, errorText, t } from '#web/lib/messages.ts'
import { paths } from '#web/lib/paths.ts'
import { useLoginPopup } from '../login-popup-provider.tsx'
import { failedResponse, fieldCodes } from './responses.ts'

export type OverviewFeedback = { kind: 'success' | 'error'; text: string }

/** Back to "Meine Benutzerdaten", with the feedback shown there (4 s + 1 s). */
export function useBackToOverview() {
  const navigate = useNavigate()
  return (feedback?: OverviewFeedback) =>
    navigate(paths.account.customerData, feedback ? { state: { feedback } } : undefined)
}

type Mutation<B> = { mutateAsync: (body: B) => Promise<unknown>; isPending: boolean }

export type ChangeFormOptions<V extends FieldValues, B> = {
  schema: ZodType
  defaultValues: DefaultValues<V>
  mutation: Mutation<B>
  /** The overview's text after saving. */
  success: MessageCode
  /** Where a refusal goes: the modal's error line, or back to the overview (§4: names, company, VAT id). */
  failures: 'inline' | 'overview'
  /** Codes answered at a field of the form (the field shows the code's text). */
  fieldErrors?: Partial<Record<string, Path<V>>>
  /** Codes that clear a password field; they always stay in the modal. */
  clears?: Partial<Record<string, Path<V>>>
  /** Whether the values count as a change (default: any field changed). */
  isChanged?: (form: UseFormReturn<V>) => boolean
}

/** A 401 because the full login ended: the password again, then the same request. */
function isSoftLoginRefusal(error: unknown): boolean {
  const response = failedResponse(error)
  return response?.status === 401 && response.body.code === 'soft_login_required'
}

export function useChangeForm<V extends FieldValues, B = V>(options: ChangeFormOptions<V, B>) {
  const { mutation, fieldErrors = {}, clears = {} } = options
  const formId = useId()
  const back = useBackToOverview()
  const queryClient = useQueryClient()
  const popup = useLoginPopup()
  const [failure, setFailure] = useState<string | null>(null)
  const form = useForm<V>({
    resolver: zodResolver(options.schema),
    defaultValues: options.defaultValues,
    mode: 'onChange',
  })
  const { setError, resetField } = form

  const refused = (body: B, error: unknown) => {
    if (isSoftLoginRefusal(error)) {
      markLoginSoft(queryClient)
      popup.open({ onSuccess: () => send(body) })
      return
    }
    const fields = fieldCodes(error)
    for (const [name, code] of Object.entries(fields)) setError(name as Path<V>, { message: code })
    if (failedResponse(error)?.status === 400 && Object.keys(fields).length > 0) return
    const code = errorCode(error) ?? 'general_error'
    const field = fieldErrors[code]
    if (field) {
      setError(field, { message: code })
      return
    }
    const cleared = clears[code]
    if (cleared) resetField(cleared)
    if (cleared || options.failures === 'inline') setFailure(errorText(error))
    else back({ kind: 'error', text: errorText(error) })
  }

  // The promise, not mutate()'s callbacks: after a re-login the account queries are reset and
  // the modal mounts anew, and callbacks of an unmounted observer never run.
  function send(body: B) {
    setFailure(null)
    mutation.mutateAsync(body).then(
      () => back({ kind: 'success', text: t(options.success) }),
      (error: unknown) => refused(body, error),
    )
  }

  // Both flags are read on every render: react-hook-form computes only the flags a render read,
  // so `isValid && isDirty` would never subscribe to isDirty while the form is invalid.
  const { isValid, isDirty } = form.formState
  const changed = options.isChanged ? options.isChanged(form) : isDirty
  return {
    form,
    failure,
    onSubmit: form.handleSubmit((values) => send(values as unknown as B)),
    /** The modal's save button: which form it submits, pending, enabled. */
    save: { formId, pending: mutation.isPending, canSave: isValid && changed },
  }
}
