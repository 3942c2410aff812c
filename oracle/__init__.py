"""The oracle: a rules engine (``oracle.engine``, no Django), game packs
(``oracle.games``) and the Django app around them. Keep this module free of
Django imports so the engine imports without Django installed."""
