"""The service's settings with one address added for the load bench (bench/urls.py): the
do-nothing POST every recording is measured beside. Never used in operation."""

from casino.settings import *  # noqa: F403 (the service's settings, every one of them)

ROOT_URLCONF = "bench.urls"
