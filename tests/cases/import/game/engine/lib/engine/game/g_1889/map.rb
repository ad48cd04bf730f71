# frozen_string_literal: true

module Engine
  module Game
    module G1889
      module Map
        LAYOUT = :flat

        TILES = {
          '7' => 2,
          '8' => 2,
          '57' => 1,
          'Beg7' => {
            'count' => 1,
            'color' => 'yellow',
            'code' => 'path=a:0,b:1',
          },
        }.freeze

        LOCATION_NAMES = { 'C3' => 'Kouchi' }.freeze

        HEXES = {
          white: {
            %w[B2 B4 C1 C5 D2 D4] => '',
            %w[C3] => 'city=revenue:0',
          },
        }.freeze
      end
    end
  end
end
