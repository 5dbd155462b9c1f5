"""The live floor board (issue 31): the Pit overview as the floor is now, each table's
state, dealer, next relief and figures so far, pushed to the supervisors' screens."""
