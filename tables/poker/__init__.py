"""The card room: poker hands (quick and full), kills and betting limits, time collection
and the bad-beat fund."""
