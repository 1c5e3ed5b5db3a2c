// Paths of the back office's pages.
export const backofficePaths = {
  home: '/backoffice',
  login: '/backoffice/login',
  campus: '/backoffice/campus',
  campusApplication: (id: number) => `/backoffice/campus/${id}`,
} as const
