LAYOUT = :flat
AXES = { x: :letter, y: :number }.freeze

HEXES = {
  white: {
    %w[A2 B3] => '',
    ['C2'] => 'sparkle=edge:0',
  },
}.freeze
