"""The event pipeline (``resolve_event``), the effect view it recomputes, and the
game actions whose changes it resolves. Imports only ``core``."""
