"""Hostile input: a fuzz budget small enough for CI, larger with `make fuzz` (BUILDER_FUZZ=1)."""

import os

from hypothesis import HealthCheck, settings

settings.register_profile("builder-quick", max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("builder-fuzz", max_examples=800, deadline=None, suppress_health_check=[HealthCheck.too_slow])
FUZZ_PROFILE = "builder-fuzz" if os.environ.get("BUILDER_FUZZ") else "builder-quick"
