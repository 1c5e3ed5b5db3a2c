// Tables of the checkout slice. TODO: added by the slice's issue.
export {}
