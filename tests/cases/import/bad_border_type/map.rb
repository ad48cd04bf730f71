LAYOUT = :pointy
HEXES = {
  white: {
    ['A1'] => '',
    ['A3'] =>
      'border=edge:1,type:moat,cost:40',
  },
}.freeze
