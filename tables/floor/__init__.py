"""The floor: casinos, tables and their dealers, every write to them, and what every
recording at a table shares."""
