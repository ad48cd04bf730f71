LAYOUT = :flat
AXES = { x: :letter, y: :number }.freeze

HEXES = {
  white: {
    %w[A2 B3] => '',
    ['C2'] => 'city=revenue:20,slots:many,sparkle:1',
  },
}.freeze
