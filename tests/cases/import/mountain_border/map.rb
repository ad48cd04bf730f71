LAYOUT = :pointy
HEXES = {
  white: {
    ['A1'] => '',
    ['A3'] =>
      'border=edge:1,type:mountain,cost:40',
  },
}.freeze
