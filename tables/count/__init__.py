"""The count room: drop and rake boxes counted once by two, corrections, and the variances
between what was counted and what was recorded."""
