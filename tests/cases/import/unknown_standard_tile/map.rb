LAYOUT = :flat
TILES = {
  '9' => 3,
  '9999' => 1,
}.freeze
HEXES = { white: { ['A2'] => '' } }.freeze
