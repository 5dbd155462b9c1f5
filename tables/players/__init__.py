"""The casino group's rated players (issue 29): their accounts, who may read them, and the
log of every opening of one. Ratings and comps build on them."""
