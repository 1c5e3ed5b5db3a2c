// Tables of the staff slice. TODO: added by the slice's issue.
export {}
