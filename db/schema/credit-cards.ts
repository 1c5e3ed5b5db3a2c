// Tables of the credit-cards slice. TODO: added by the slice's issue.
export {}
