"""Does one tile upgrade another? The engine's test (``upgrades_to?`` and the track step's
``legal_tile_rotation?``) on tiles and printed hexes alone, below the scenario.

``view``: the track of a hex or tile as the rules see it; ``preserve``: is the old track kept at
a rotation; ``predicates``: the named upgrade rules (colour, label, stops, paths, cities). The
``18xx`` rule set and the scenario's derived upgrade graph (:mod:`model.upgrade_graph`) both use
them.
"""
