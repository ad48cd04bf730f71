# frozen_string_literal: true

module Engine
  module Game
    module G1848
      module Map
        LAYOUT = :flat

        TILES = { '7' => 2, '8' => 2 }.freeze

        HEXES = {
          white: {
            %w[B2 D2 E6] => '',
            %w[F17 G6 C3] => 'city=revenue:0',
          },
        }.freeze
      end
    end
  end
end
