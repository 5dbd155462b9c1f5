"""The tables app keeps no models of its own: each domain is an app (its package's
models.py; docs/decisions/0001-an-app-per-domain.md). This app keeps the floor's shared
pieces (its plain rules, management commands, admin and templates) and the migrations
that made the tables the domains' models still use."""
