// Tables of the ads slice. TODO: added by the slice's issue.
export {}
