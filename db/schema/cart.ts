// Tables of the cart slice. TODO: added by the slice's issue.
export {}
