LAYOUT = :flat
NAME = 'x'
HEXES = { white: { ['A2'] => "city=revenue:#{MISSING}" } }.freeze
