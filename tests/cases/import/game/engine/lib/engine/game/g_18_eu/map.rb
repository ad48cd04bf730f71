# frozen_string_literal: true

module Engine
  module Game
    module G18EU
      module Map
        LAYOUT = :flat

        TILES = { '8' => 2, '57' => 1, '59' => 1 }.freeze

        HEXES = {
          white: {
            %w[B9 B11 C10 D9 D11 E8 F3] => '',
            %w[A10] => 'city=revenue:0;city=revenue:0',
            %w[C8 G2] => 'city=revenue:0',
          },
        }.freeze
      end
    end
  end
end
