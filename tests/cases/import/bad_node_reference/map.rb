LAYOUT = :flat
HEXES = {
  gray: {
    ['A2'] => 'city=revenue:20;path=a:0,b:_1',
  },
}.freeze
