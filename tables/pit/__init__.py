"""The pit's hour (issue 31): the dealers on the floor (clocked in, on a table, on a
break), their reliefs, the rotation's rules per pit and the games each dealer may deal."""
