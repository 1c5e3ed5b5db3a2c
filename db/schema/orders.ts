// Tables of the orders slice. TODO: added by the slice's issue.
export {}
