"""Comps: what rated play earns a player at each casino, and what its hosts give him."""
