# frozen_string_literal: true

module Engine
  module Game
    module G18MS
      module Map
        LAYOUT = :flat

        TILES = { '7' => 4, '8' => 4, '9' => 4, '57' => 2, '14' => 1 }.freeze

        LOCATION_NAMES = { 'C3' => 'Mobile', 'E3' => 'Jackson' }.freeze

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
