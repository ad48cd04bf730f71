# frozen_string_literal: true

module Engine
  module Game
    module GMini
      module Map
        LAYOUT = :flat

        TILES = {
          '7' => 2,
          '8' => 2,
          '9' => 2,
          '57' => 1,
          '14' => 1,
        }.freeze

        LOCATION_NAMES = { 'C3' => 'Alpha Town', 'E3' => 'Beta Port' }.freeze

        HEXES = {
          white: {
            %w[B2 B4 C1 C5 D2 D4 E5 F2 F4] => '',
            %w[C3 E3] => 'city=revenue:0',
          },
        }.freeze
      end
    end
  end
end
