"""The engine version, recorded in every result and every verified ruling.

Bump rules: MAJOR when the scenario format or the result shape changes in an
incompatible way; MINOR when a rules behaviour changes (an existing scenario can
give a different answer); PATCH for fixes that leave every answer unchanged.
"""

from __future__ import annotations

ENGINE_VERSION = "3.6.0"
