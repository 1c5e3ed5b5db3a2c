// Tables of the campus slice. TODO: added by the slice's issue.
export {}
