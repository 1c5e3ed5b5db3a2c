// Hooks of the "Rechtstexte" page (issue 20): the texts' newest versions, one text with its
// versions, one older version, and saving a new version (admins).
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { LegalTextSaveBody } from '#contract/backoffice-legal.ts'
import type { LegalSection } from '#contract/legal.ts'
import { tsr } from '#web/lib/tsr.ts'
import { okOrThrow, staffKeys } from '../api.ts'

export const legalOfficeKeys = {
  all: () => [...staffKeys.all, 'legal-texts'] as const,
  list: () => [...legalOfficeKeys.all(), 'list'] as const,
  section: (section: LegalSection) => [...legalOfficeKeys.all(), section] as const,
  version: (section: LegalSection, version: number) =>
    [...legalOfficeKeys.all(), section, 'version', version] as const,
}

export function useLegalTexts() {
  return tsr.backofficeLegal.list.useQuery({ queryKey: legalOfficeKeys.list() })
}

export function useLegalTextVersions(section: LegalSection) {
  return tsr.backofficeLegal.versions.useQuery({
    queryKey: legalOfficeKeys.section(section),
    queryData: { params: { section } },
  })
}

export function useLegalTextVersion(section: LegalSection, version: number | null) {
  return tsr.backofficeLegal.version.useQuery({
    queryKey: legalOfficeKeys.version(section, version ?? 0),
    queryData: { params: { section, version: version ?? 0 } },
    enabled: version !== null,
  })
}

export function useSaveLegalText(section: LegalSection) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (body: LegalTextSaveBody) =>
      okOrThrow(await tsr.backofficeLegal.save.mutate({ params: { section }, body })).body,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: legalOfficeKeys.all() }),
  })
}
