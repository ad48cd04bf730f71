LAYOUT = :flat
HEXES = {
  white: {
    ['A2'] => '',
    ['A3'] => '',
  },
}.freeze
