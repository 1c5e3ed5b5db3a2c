// Tables of the consent slice. TODO: added by the slice's issue.
export {}
