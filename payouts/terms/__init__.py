"""Terms the floor plays by: stud paytables and rake schedules, versioned."""
