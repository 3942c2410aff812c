"""State and values: the one mutable ``Game`` and the frozen definitions, records
and scenario values it is made from. Imports nothing else of the engine."""
