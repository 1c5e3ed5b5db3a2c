// Tables of the wishlist slice. TODO: added by the slice's issue.
export {}
