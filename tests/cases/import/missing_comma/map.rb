LAYOUT = :flat
HEXES = {
  white: {
    ['A2'] => ''
    ['B3'] => 'town=revenue:0',
  },
}.freeze
