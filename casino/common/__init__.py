"""What every app of the service shares, below them all: roles and permissions, how a
refusal is raised and shown, how the API reads amounts and bodies, the audit trail."""
