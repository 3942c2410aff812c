"""Agenda cards: the data table (``table``) and their outcomes (``outcomes``)."""
