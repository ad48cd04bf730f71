# frozen_string_literal: true

module Engine
  module Game
    module G1877StockholmTramways
      module Map
        LAYOUT = :flat

        TILES = { '8' => 2 }.freeze

        HEXES = {
          white: {
            %w[B2 D2] => '',
            %w[C1 E1 G1] => 'city=revenue:0',
            %w[C3] => 'city=revenue:0;city=revenue:0',
          },
        }.freeze
      end
    end
  end
end
