"""Terms the floor plays by: stud paytables and collection schedules, versioned."""
