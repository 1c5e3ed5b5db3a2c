// Tables of the newsletter slice. TODO: added by the slice's issue.
export {}
