// Tables of the catalog slice. TODO: added by the slice's issue.
export {}
