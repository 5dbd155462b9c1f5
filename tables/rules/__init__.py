"""Pure game rules: no Django imports here, so they can be tested and benchmarked alone."""
